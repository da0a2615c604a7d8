import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import type { BlockTreeJson, CriterionTemplateJson } from '../../shared/api/templates.ts';
import { blockFacts, criterionDetails } from './tree-facts.ts';

type Level = 2 | 3 | 4 | 5 | 6;
const headingOf = (level: number) => `h${Math.min(level, 6) as Level}` as const;

function CriterionItem(props: { criterion: CriterionTemplateJson; countsPoints: boolean }) {
  const { t, locale } = useTranslation();
  const { criterion } = props;
  const { kind, details } = criterionDetails(criterion, props.countsPoints, t, locale);
  return (
    <Box
      component="li"
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {criterion.name}
        </Typography>
        <Chip size="small" label={kind} data-testid="criterion-kind" />
      </Box>
      {criterion.description && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {criterion.description}
        </Typography>
      )}
      {details.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

interface Nesting {
  level: number;
  /** a points formula above counts the points of every criterion below it */
  countsPoints: boolean;
}

function BlockItem({ block, level, countsPoints: above }: { block: BlockTreeJson } & Nesting) {
  const { t, locale } = useTranslation();
  const countsPoints = above || block.grading_formula === 'OVER_FIVE_PLUS_ONE_ROUND';
  const facts = blockFacts(block, t, locale);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        mb: 2,
        pl: 2,
        borderLeft: 4,
        borderColor: block.reference_color ?? 'divider',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {block.reference_color && (
          <Box
            role="img"
            aria-label={t('templates.tree.color', { color: block.reference_color })}
            title={block.reference_color}
            sx={{
              width: 16,
              height: 16,
              flexShrink: 0,
              borderRadius: '50%',
              border: 1,
              borderColor: 'text.secondary',
              backgroundColor: block.reference_color,
            }}
          />
        )}
        <Typography
          component={headingOf(level)}
          variant={level <= 3 ? 'h6' : 'subtitle1'}
          sx={{ m: 0, overflowWrap: 'anywhere' }}
        >
          {block.reference ? `${block.reference} – ${block.name}` : block.name}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {facts.join(' · ')}
      </Typography>
      {block.criteria.length > 0 && (
        <Box
          component="ul"
          aria-label={t('templates.tree.criteria', { name: block.name })}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {block.criteria.map((criterion) => (
            <CriterionItem key={criterion.id} criterion={criterion} countsPoints={countsPoints} />
          ))}
        </Box>
      )}
      {block.blocks.length > 0 && (
        <BlockList blocks={block.blocks} level={level + 1} countsPoints={countsPoints} />
      )}
    </Box>
  );
}

function BlockList({
  blocks,
  label,
  ...nesting
}: { blocks: BlockTreeJson[]; label?: string } & Nesting) {
  return (
    <Box component="ol" aria-label={label} sx={{ p: 0, m: 0, mt: 1 }}>
      {blocks.map((block) => (
        <BlockItem key={block.id} block={block} {...nesting} />
      ))}
    </Box>
  );
}

/**
 * A template's blocks and criteria, read-only: each block with its reference and colour, its
 * formula, coefficient or absence from the export, and its criteria with their kind (the preset
 * they match), scales, progression flags and points. Block headings start at `headingLevel`.
 */
export function TemplateTreeView({
  blocks,
  headingLevel = 3,
}: {
  blocks: BlockTreeJson[];
  headingLevel?: number;
}) {
  const { t } = useTranslation();
  if (blocks.length === 0)
    return <Typography sx={{ my: 2 }}>{t('templates.tree.empty')}</Typography>;
  return (
    <BlockList
      blocks={blocks}
      level={headingLevel}
      countsPoints={false}
      label={t('templates.tree.label')}
    />
  );
}
