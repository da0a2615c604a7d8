import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useBlocker, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../shared/api-error.ts';
import { logger } from '../../shared/logger.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import {
  refreshTemplates,
  templateQuery,
  type TemplateDetailJson,
} from '../../shared/api/templates.ts';
import { BlockList, type TreeEditing } from './block-editor.tsx';
import {
  blocksFromJson,
  itemKey,
  localTreeErrors,
  newBlock,
  treeReducer,
  walkItems,
  type EditorItem,
  type TreeAction,
} from './editor-tree.ts';
import {
  createTemplate,
  routeErrors,
  saveTemplateTree,
  treeBody,
  type TemplateFieldValues,
} from './save-template.ts';
import {
  TEMPLATE_FIELDS,
  TemplateFields,
  templateDefaults,
  templateResolver,
  type TemplateFormValues,
} from './template-fields.tsx';
import { TemplatePreview } from './template-preview.tsx';

/** /templates/new and /templates/{id}/edit: the template's fields and its whole tree. */
export default function TemplateEditorPage() {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param ? Number(param) : null;
  const detail = useQuery({ ...templateQuery(id ?? 0), enabled: id !== null });
  if (id !== null && detail.isPending)
    return <Typography role="status">{t('common.loading')}</Typography>;
  // a template the reader may not change is not offered for editing (the server refuses it too)
  if (id !== null && (detail.isError || !detail.data?.permissions.change))
    return <FormMessage message={t('templates.editor.notFound')} />;
  return <TemplateEditor key={id ?? 'new'} template={id === null ? null : detail.data!} />;
}

function TemplateEditor({ template }: { template: TemplateDetailJson | null }) {
  const { t, locale } = useTranslation();
  const { go } = useLocalePath();
  const client = useQueryClient();
  const { user } = useSession();
  const units = useUnits();
  const isNew = template === null;
  const canShare = Boolean(user?.permissions.includes('addUnit'));
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const singleUnit = !canShare && unitOptions.length === 1 ? unitOptions[0]!.value : '';

  const form = useForm<TemplateFormValues>({
    resolver: templateResolver,
    defaultValues: templateDefaults(template, locale, singleUnit),
  });
  useEffect(() => {
    // The units arrive after the form: a person of one unit gets it chosen for them.
    if (isNew && singleUnit && !form.getValues('unit')) form.setValue('unit', singleUnit);
  }, [form, isNew, singleUnit]);

  const initialBlocks = useMemo(() => (template ? blocksFromJson(template.tree) : []), [template]);
  const [blocks, dispatchTree] = useReducer(treeReducer, initialBlocks);
  const [savedTree, setSavedTree] = useState(() => JSON.stringify(initialBlocks));
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [summary, setSummary] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<EditorItem | null>(null);
  const leaving = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const dirty = form.formState.isDirty || JSON.stringify(blocks) !== savedTree;
  useUnsavedChangesGuard(dirty);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // a field the user changes loses the refusal it had: the message was about the old value
  const dispatch = useCallback((action: TreeAction) => {
    dispatchTree(action);
    if (action.type === 'updateBlock' || action.type === 'updateCriterion')
      setItemErrors((all) => withoutFields(all, action.key, Object.keys(action.patch)));
  }, []);
  const editing = useMemo<TreeEditing>(
    () => ({ errors: itemErrors, dispatch, remove: setRemoving }),
    [itemErrors, dispatch],
  );

  const showSummary = (messages: string[]) => {
    setSummary(messages);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const save = async (values: TemplateFormValues) => {
    const local = localTreeErrors(blocks, t('rules.required'));
    setItemErrors(local);
    if (Object.keys(local).length) {
      showSummary([t('templates.editor.itemsInvalid', { count: Object.keys(local).length })]);
      return;
    }
    setSummary(null);
    const { unit, ...fields } = values;
    const body = treeBody(blocks, logger);
    try {
      const saved = isNew
        ? await createTemplate({ ...fields, unit: unit ? Number(unit) : null }, body.blocks)
        : await saveTemplateTree(
            template.id,
            fields as TemplateFieldValues,
            template.version,
            body.blocks,
          );
      leaving.current = true;
      setSavedTree(JSON.stringify(blocks));
      await refreshTemplates(client, saved);
      toast({ type: 'success', description: t('templates.editor.saved') });
      await go(`/templates/${saved.id}`);
    } catch (error) {
      leaving.current = false;
      const routed =
        error instanceof ApiError
          ? routeErrors(error.fieldErrors, body.paths, TEMPLATE_FIELDS)
          : { items: {}, fields: {}, rest: [] };
      let focused = false;
      for (const [field, message] of Object.entries(routed.fields)) {
        form.setError(
          field as (typeof TEMPLATE_FIELDS)[number],
          { type: 'server', message },
          { shouldFocus: !focused },
        );
        focused = true;
      }
      setItemErrors(routed.items);
      const itemCount = Object.keys(routed.items).length;
      const messages = [
        error instanceof ApiError && error.code === 'template_stale_version'
          ? t('templates.editor.conflict')
          : !(error instanceof ApiError) || error.status >= 500
            ? t('errors.network')
            : t('templates.editor.notSaved'),
        ...(itemCount ? [t('templates.editor.itemsInvalid', { count: itemCount })] : []),
        ...routed.rest,
        ...(error instanceof ApiError && error.status !== 400 && error.status < 500
          ? [error.message]
          : []),
      ];
      showSummary(messages);
    }
  };
  const submit = (event: FormEvent) =>
    form.handleSubmit(save, () => showSummary([t('templates.editor.fieldsInvalid')]))(event);

  const previewFields = useWatch({ control: form.control });
  const sideBySide = useMediaQuery(useTheme().breakpoints.up('lg'), { noSsr: true });
  const preview = usePreviewJump();
  const countInside = removing?.kind === 'block' ? [...walkItems([removing])].length - 1 : 0;

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography component="h1" variant="h4" gutterBottom>
        {isNew
          ? t('templates.editor.newTitle')
          : t('templates.editor.editTitle', { name: template.template_name })}
      </Typography>
      <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {summary && <FormMessage message={summary.join(' ')} />}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box onFocusCapture={preview.remember}>
          <Box component="section" aria-labelledby="template-fields-title">
            <Typography id="template-fields-title" component="h2" variant="h6">
              {t('templates.editor.fieldsTitle')}
            </Typography>
            <TemplateFields
              form={form}
              units={isNew ? unitOptions : undefined}
              canShare={canShare}
            />
          </Box>
          <Box component="section" aria-labelledby="template-tree-title" sx={{ mt: 3 }}>
            <Typography id="template-tree-title" component="h2" variant="h6" gutterBottom>
              {t('templates.editor.blocksTitle')}
            </Typography>
            {blocks.length === 0 && (
              <Typography color="text.secondary">{t('templates.editor.noBlocks')}</Typography>
            )}
            <BlockList blocks={blocks} depth={0} editing={editing} />
            <Button
              variant="outlined"
              onClick={() => dispatch({ type: 'addBlock', parent: null, block: newBlock() })}
            >
              {t('templates.editor.addBlock')}
            </Button>
          </Box>
          <Box
            sx={{
              display: 'flex',
              gap: 2,
              mt: 3,
              py: 1.5,
              position: 'sticky',
              bottom: 0,
              backgroundColor: 'background.default',
              zIndex: 3,
            }}
          >
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting
                ? t('templates.editor.saving')
                : t('templates.editor.save')}
            </Button>
            <Button onClick={() => void go(isNew ? '/templates' : `/templates/${template.id}`)}>
              {t('list.cancel')}
            </Button>
            {!sideBySide && <Button onClick={preview.show}>{t('templates.preview.show')}</Button>}
          </Box>
        </Box>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
          <TemplatePreview
            blocks={blocks}
            template={{
              graded: previewFields.graded ?? true,
              rounding_formula: previewFields.rounding_formula ?? 'TENTH',
            }}
          />
          {!sideBySide && (
            <Box
              sx={{
                position: 'sticky',
                bottom: 0,
                py: 1.5,
                backgroundColor: 'background.default',
                zIndex: 3,
              }}
            >
              <Button variant="outlined" onClick={preview.back}>
                {t('templates.preview.back')}
              </Button>
            </Box>
          )}
        </Box>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t(
          removing?.kind === 'block'
            ? 'templates.editor.removeBlock'
            : 'templates.editor.removeCriterion',
        )}
        confirmLabel={t('templates.editor.remove')}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) dispatch({ type: 'remove', key: itemKey(removing) });
          setRemoving(null);
        }}
      >
        {t(
          countInside
            ? 'templates.editor.removeQuestionWithContent'
            : 'templates.editor.removeQuestion',
          { name: removing?.name || t('templates.editor.untitled'), count: countInside },
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('templates.editor.leaveTitle')}
        confirmLabel={t('templates.editor.leave')}
        danger
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        {t('templates.editor.leaveQuestion')}
      </ConfirmDialog>
    </Box>
  );
}

/** The browser asks before a reload or closing the tab while changes are not saved. */
function useUnsavedChangesGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The errors without those of `fields` (and their parts, `grade.min`…) of one item. */
function withoutFields(
  all: Record<string, Record<string, string>>,
  key: string,
  fields: string[],
): Record<string, Record<string, string>> {
  const errors = all[key];
  if (!errors) return all;
  const kept = Object.entries(errors).filter(
    ([field]) => !fields.some((f) => field === f || field.startsWith(`${f}.`)),
  );
  if (kept.length === Object.keys(errors).length) return all;
  return { ...all, [key]: Object.fromEntries(kept) };
}

/**
 * Below the side-by-side width the preview comes after the whole editor: the editor's action bar
 * jumps to it, and its own button goes back to the field edited last (its focus and place).
 */
function usePreviewJump() {
  const lastField = useRef<HTMLElement | null>(null);
  return {
    remember: (event: React.FocusEvent) => {
      if (event.target.matches('input, select, textarea'))
        lastField.current = event.target as HTMLElement;
    },
    show: () => {
      const heading = document.getElementById('template-preview-title');
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus();
    },
    back: () => {
      lastField.current?.scrollIntoView({ block: 'center' });
      lastField.current?.focus();
    },
  };
}
