import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GRADING_FORMULAS, type GradingFormula } from '../../../../domain/constants.ts';
import {
  CRITERION_PRESET_KEYS,
  type CriterionPresetKey,
} from '../../../../domain/criterion-presets.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { CriterionEditor } from './criterion-editor.tsx';
import {
  canHoldBlocks,
  canHoldCriteria,
  isNewItem,
  itemKey,
  newBlock,
  newCriterion,
  type BlockPatch,
  type CriterionPatch,
  type EditorBlock,
  type EditorCriterion,
  type EditorItem,
  type TreeAction,
} from './editor-tree.ts';
import { CheckInput, SelectInput, TextInput } from './item-fields.tsx';
import { SortableItem, SortableList } from './sortable.tsx';
import { referenceEdge } from '../../components/reference-edge.ts';

const DEFAULT_COLOR = '#3F51B5';

export interface TreeEditing {
  errors: Record<string, Record<string, string>>;
  dispatch: (action: TreeAction) => void;
  /** asks before removing an item (and what it holds) */
  remove: (item: EditorItem) => void;
}

/** The sortable entries of a list: the same array while the list and its names are unchanged. */
function useEntries(items: readonly EditorItem[]) {
  const { t } = useTranslation();
  const untitled = t('templates.editor.untitled');
  // keyed by what the list shows, so an edit deeper in an item keeps the same entries
  const signature = JSON.stringify(items.map((item) => [itemKey(item), item.name]));
  return useMemo(
    () =>
      (JSON.parse(signature) as [string, string][]).map(([key, name]) => ({
        key,
        name: name || untitled,
      })),
    [signature, untitled],
  );
}

/** A sortable list of blocks (the top of the tree or a block's nested blocks). */
export function BlockList(props: {
  blocks: readonly EditorBlock[];
  depth: number;
  editing: TreeEditing;
}) {
  const { dispatch } = props.editing;
  const items = useEntries(props.blocks);
  const onMove = useCallback(
    (key: string, to: number) => dispatch({ type: 'move', key, to }),
    [dispatch],
  );
  return (
    <SortableList items={items} onMove={onMove}>
      {props.blocks.map((block) => (
        <SortableBlock
          key={itemKey(block)}
          block={block}
          depth={props.depth}
          editing={props.editing}
        />
      ))}
    </SortableList>
  );
}

/** Rendered again only when its block (or the errors) changed: the reducer keeps the others. */
const SortableBlock = memo(function SortableBlock(props: {
  block: EditorBlock;
  depth: number;
  editing: TreeEditing;
}) {
  return (
    <SortableItem entry={{ key: itemKey(props.block), name: props.block.name }}>
      {(controls) => <BlockEditor {...props} controls={controls} />}
    </SortableItem>
  );
});

const SortableCriterion = memo(function SortableCriterion(props: {
  criterion: EditorCriterion;
  level: number;
  editing: TreeEditing;
}) {
  const { criterion, editing } = props;
  const key = itemKey(criterion);
  const { dispatch } = editing;
  const onChange = useCallback(
    (patch: CriterionPatch) => dispatch({ type: 'updateCriterion', key, patch }),
    [dispatch, key],
  );
  return (
    <SortableItem entry={{ key, name: criterion.name }}>
      {(controls) => (
        <CriterionEditor
          criterion={criterion}
          level={props.level}
          errors={editing.errors[key]}
          controls={controls}
          onChange={onChange}
          onRemove={() => editing.remove(criterion)}
        />
      )}
    </SortableItem>
  );
});

/** One block: its fields, then its criteria or its nested blocks (never both). */
function BlockEditor(props: {
  block: EditorBlock;
  depth: number;
  controls: ReactNode;
  editing: TreeEditing;
}) {
  const { t } = useTranslation();
  const { block, editing } = props;
  const { dispatch } = editing;
  const key = itemKey(block);
  const errors = editing.errors[key] ?? {};
  const [preset, setPreset] = useState<CriterionPresetKey>('EVALUATION');
  const level = Math.min(6, 3 + props.depth);
  const headingId = `block-${block.id}-title`;
  const criterionItems = useEntries(block.criteria);
  const onMove = useCallback(
    (moved: string, to: number) => dispatch({ type: 'move', key: moved, to }),
    [dispatch],
  );
  const update = (patch: BlockPatch) => dispatch({ type: 'updateBlock', key, patch });
  const other = Object.entries(errors)
    .filter(([field]) => !BLOCK_FIELDS.has(field))
    .map(([, message]) => message);

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1, sm: 2 },
        mb: 2,
        borderLeft: referenceEdge(block.reference_color),
        backgroundColor: props.depth % 2 ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {props.controls}
        <Typography
          id={headingId}
          component={`h${level}` as 'h3'}
          variant="subtitle1"
          sx={{ flex: 1, minWidth: 120, fontWeight: 600 }}
        >
          {t('templates.editor.blockTitle', { name: block.name || t('templates.editor.untitled') })}
        </Typography>
        <Button size="small" onClick={() => editing.remove(block)} sx={DANGER_TEXT}>
          {t('templates.editor.removeBlock')}
        </Button>
      </Box>
      {other.length > 0 && (
        <Typography role="alert" variant="body2" sx={{ ...DANGER_TEXT, mt: 1 }}>
          {other.join(' ')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', columnGap: 1, gridTemplateColumns: { md: '2fr 1fr' } }}>
        <TextInput
          label={t('templates.editor.block.name')}
          value={block.name}
          onChange={(name) => update({ name })}
          error={errors.name}
          required
          focusOnMount={isNewItem(block) && !block.name}
        />
        <TextInput
          label={t('templates.editor.block.reference')}
          value={block.reference}
          onChange={(reference) => update({ reference })}
          error={errors.reference}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <SelectInput
          label={t('templates.editor.block.gradingFormula')}
          value={block.grading_formula}
          options={GRADING_FORMULAS.map((f) => ({
            value: f,
            label: t(`enums.gradingFormula.${f}`),
          }))}
          onChange={(value) => update({ grading_formula: value as GradingFormula })}
          error={errors.grading_formula}
          width={260}
        />
        <TextInput
          label={t('templates.editor.block.coefficient')}
          value={block.should_include_in_export ? block.coefficient : '0'}
          onChange={(coefficient) => update({ coefficient })}
          error={errors.coefficient}
          disabled={!block.should_include_in_export}
          inputMode="decimal"
          width={130}
        />
        <CheckInput
          label={t('templates.editor.block.inExport')}
          checked={block.should_include_in_export}
          onChange={(on) =>
            update(
              on
                ? { should_include_in_export: true, coefficient: '1' }
                : { should_include_in_export: false },
            )
          }
        />
        <CheckInput
          label={t('templates.editor.block.oneLine')}
          checked={block.is_one_line}
          onChange={(is_one_line) => update({ is_one_line })}
        />
        <CheckInput
          label={t('templates.editor.block.hasColor')}
          checked={block.reference_color !== null}
          onChange={(on) => update({ reference_color: on ? DEFAULT_COLOR : null })}
        />
        {block.reference_color !== null && (
          <TextInput
            type="color"
            label={t('templates.editor.block.color')}
            value={block.reference_color}
            onChange={(reference_color) => update({ reference_color })}
            error={errors.reference_color}
            width={110}
          />
        )}
      </Box>

      {canHoldCriteria(block) && (
        <Box sx={{ mt: 1 }}>
          {block.criteria.length > 0 && (
            <SortableList items={criterionItems} onMove={onMove}>
              {block.criteria.map((criterion) => (
                <SortableCriterion
                  key={itemKey(criterion)}
                  criterion={criterion}
                  level={Math.min(6, level + 1)}
                  editing={editing}
                />
              ))}
            </SortableList>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <SelectInput
              label={t('templates.editor.newCriterionType', {
                block: block.name || t('templates.editor.untitled'),
              })}
              value={preset}
              options={CRITERION_PRESET_KEYS.map((k) => ({
                value: k,
                label: t(`enums.criterionPreset.${k}`),
              }))}
              onChange={(value) => setPreset(value as CriterionPresetKey)}
              width={320}
            />
            <Button
              variant="outlined"
              onClick={() =>
                dispatch({ type: 'addCriterion', parent: key, criterion: newCriterion(preset) })
              }
            >
              {t('templates.editor.addCriterion')}
            </Button>
          </Box>
        </Box>
      )}
      {canHoldBlocks(block) && (
        <Box sx={{ mt: 1, pl: { xs: 0, sm: 2 } }}>
          {block.blocks.length > 0 && (
            <BlockList blocks={block.blocks} depth={props.depth + 1} editing={editing} />
          )}
          <Button
            variant="outlined"
            sx={{ mt: 1 }}
            onClick={() => dispatch({ type: 'addBlock', parent: key, block: newBlock() })}
          >
            {t('templates.editor.addNestedBlock')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

const BLOCK_FIELDS = new Set([
  'name',
  'reference',
  'grading_formula',
  'coefficient',
  'reference_color',
]);
