import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { EvaluationLevel } from '../../../../../domain/constants.ts';
import { levelGap, WIDE_GAP } from '../../../../../domain/training-report.ts';
import { useTranslation } from '../../../shared/i18n.ts';
import type { AssessmentJson, BlockJson } from '../api.ts';
import { selfAssessmentQuery } from '../../../shared/api/training-report.ts';

/** The trainer's level of each criterion of the report, by criterion id. */
function trainerLevels(blocks: BlockJson[], into = new Map<number, EvaluationLevel | null>()) {
  for (const block of blocks) {
    for (const c of block.criteria) into.set(c.id, c.evaluation.evaluation);
    trainerLevels(block.blocks, into);
  }
  return into;
}

/**
 * On a training report: the trainer's and the student's evaluation of each criterion side by
 * side, differences marked (two levels apart stands out), and the apprentice's view; for the
 * discussion, readable on a phone.
 */
export function SideBySide({ detail }: { detail: AssessmentJson }) {
  const { t } = useTranslation();
  const query = useQuery(selfAssessmentQuery(detail.id));
  const self = query.data;
  if (!self) return null;
  const trainer = trainerLevels(detail.blocks);
  const level = (value: EvaluationLevel | null | undefined) =>
    value ? t(`enums.evaluationLevel.${value}`) : t('sideBySide.none');
  return (
    <Box component="section" aria-labelledby="side-by-side-title" sx={{ mt: 3 }}>
      <Typography id="side-by-side-title" component="h2" variant="h6">
        {t('sideBySide.title')}
      </Typography>
      {!self.submitted_at ? (
        <Typography color="text.secondary">{t('sideBySide.notSubmitted')}</Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {self.criteria
              .filter((c) => c.has_evaluation || c.text)
              .map((c) => {
                const gap = levelGap(trainer.get(c.criterion) ?? null, c.evaluation);
                const wide = gap !== null && gap >= WIDE_GAP;
                return (
                  <Box
                    component="li"
                    key={c.criterion}
                    sx={{
                      py: 1,
                      px: 1,
                      my: 1,
                      borderLeft: 4,
                      borderColor: wide ? 'warning.main' : gap ? 'info.light' : 'divider',
                    }}
                  >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{c.name}</Typography>
                      {gap !== null && gap > 0 && (
                        <Chip
                          size="small"
                          color={wide ? 'warning' : 'default'}
                          label={t('sideBySide.gap', { count: gap })}
                        />
                      )}
                    </Box>
                    {c.has_evaluation && (
                      <Box
                        component="dl"
                        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0 }}
                      >
                        <div>
                          <Typography component="dt" variant="caption" color="text.secondary">
                            {t('sideBySide.trainer')}
                          </Typography>
                          <Typography component="dd" sx={{ m: 0 }}>
                            {level(trainer.get(c.criterion))}
                          </Typography>
                        </div>
                        <div>
                          <Typography component="dt" variant="caption" color="text.secondary">
                            {t('sideBySide.student')}
                          </Typography>
                          <Typography component="dd" sx={{ m: 0 }}>
                            {level(c.evaluation)}
                          </Typography>
                        </div>
                      </Box>
                    )}
                    {c.text && (
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                        {t('sideBySide.studentSays', { text: c.text })}
                      </Typography>
                    )}
                  </Box>
                );
              })}
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {t('sideBySide.view')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>
            {self.view || t('sideBySide.noView')}
          </Typography>
        </>
      )}
    </Box>
  );
}
