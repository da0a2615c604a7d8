import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { toast } from '../../components/toast.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { preload } from '../../shared/preload.ts';
import {
  deleteTemplate,
  duplicateTemplate,
  newModulePath,
  refreshTemplates,
  setTemplateArchived,
  templateKeys,
  type TemplateJson,
} from '../../shared/api/templates.ts';

/** One thing the reader may do with a template: a link to a page, or a command. */
export type TemplateAction = {
  key: 'open' | 'edit' | 'createModule' | 'duplicate' | 'archive' | 'unarchive' | 'delete';
  label: string;
  danger?: boolean;
} & ({ to: string; pageId: string; params: Record<string, string> } | { run: () => void });

const duplicateDialog = () => import('./duplicate-dialog.tsx');
const DuplicateDialog = lazy(() => duplicateDialog().then((d) => ({ default: d.DuplicateDialog })));

type Asking = { kind: 'archive' | 'delete' | 'duplicate'; template: TemplateJson } | null;

/**
 * The actions on templates, shared by the list and the detail page: what the reader may do
 * with a template (its `permissions`, the session's), and the dialogs that ask first. A refused
 * deletion keeps its dialog open with the server's reason.
 */
export function useTemplateActions(options: { afterDelete?: () => void } = {}) {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const { user } = useSession();
  const can = (permission: string) => Boolean(user?.permissions.includes(permission));
  const client = useQueryClient();
  const units = useUnits();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const asksForUnit = can('addModuleTemplate') && (units.data?.length ?? 0) > 1;
  // fetched once the reader may need it, so the dialog opens at once
  useEffect(() => {
    if (asksForUnit) preload(duplicateDialog);
  }, [asksForUnit]);

  const close = () => {
    setAsking(null);
    setRefusal(null);
  };

  /** Runs a call; on success closes the dialog and says so, on refusal shows the reason. */
  const attempt = async <T,>(
    call: () => Promise<T>,
    success: (result: T) => Promise<unknown> | void,
    refusedInDialog = false,
  ) => {
    setBusy(true);
    try {
      const result = await call();
      close();
      await success(result);
    } catch (error) {
      const reason = refusalMessage(error, t('errors.unexpected'));
      if (refusedInDialog) setRefusal(reason);
      else {
        close();
        toast({ type: 'error', description: reason });
      }
    } finally {
      setBusy(false);
    }
  };

  const duplicate = (template: TemplateJson, unit?: number) =>
    attempt(
      () => duplicateTemplate(template.id, unit),
      async (copy) => {
        toast({
          type: 'success',
          description: t('templates.duplicated', { name: copy.template_name }),
        });
        const refreshing = refreshTemplates(client, copy);
        await go(`/templates/${copy.id}`);
        await refreshing;
      },
      asking?.kind === 'duplicate',
    );

  /** A shared template is copied into one of the reader's units unless they may share it. */
  const requestDuplicate = (template: TemplateJson) => {
    const own = units.data ?? [];
    if (template.unit !== null || template.permissions.change) void duplicate(template);
    else if (own.length === 1) void duplicate(template, own[0]!.id);
    else setAsking({ kind: 'duplicate', template });
  };

  const unarchive = (template: TemplateJson) =>
    attempt(
      () => setTemplateArchived(template.id, false),
      async (updated) => {
        toast({
          type: 'success',
          description: t('templates.unarchived', { name: template.template_name }),
        });
        await refreshTemplates(client, updated);
      },
    );

  const confirmArchive = (template: TemplateJson) =>
    attempt(
      () => setTemplateArchived(template.id, true),
      async (updated) => {
        toast({
          type: 'success',
          description: t('templates.archived', { name: template.template_name }),
        });
        await refreshTemplates(client, updated);
      },
    );

  const confirmDelete = (template: TemplateJson) =>
    attempt(
      () => deleteTemplate(template.id),
      async () => {
        toast({
          type: 'success',
          description: t('templates.deleted', { name: template.template_name }),
        });
        options.afterDelete?.();
        client.removeQueries({ queryKey: templateKeys.detail(template.id) });
        await refreshTemplates(client);
      },
      true,
    );

  const actionsFor = (template: TemplateJson, include: { open?: boolean } = {}) => {
    const params = { id: String(template.id) };
    const actions: TemplateAction[] = [];
    if (include.open)
      actions.push({
        key: 'open',
        label: t('templates.open'),
        to: to(`/templates/${template.id}`),
        pageId: 'template-detail',
        params,
      });
    if (template.permissions.change)
      actions.push({
        key: 'edit',
        label: t('templates.edit'),
        to: to(`/templates/${template.id}/edit`),
        pageId: 'template-edit',
        params,
      });
    if (template.status === 'ACTIVE' && can('addModuleInstance'))
      actions.push({
        key: 'createModule',
        label: t('templates.createModule'),
        to: to(newModulePath(template.id)),
        pageId: 'module-new',
        params: {},
      });
    if (can('addModuleTemplate'))
      actions.push({
        key: 'duplicate',
        label: t('templates.duplicate'),
        run: () => requestDuplicate(template),
      });
    if (template.permissions.archive)
      actions.push(
        template.status === 'ACTIVE'
          ? {
              key: 'archive',
              label: t('templates.archive'),
              run: () => setAsking({ kind: 'archive', template }),
            }
          : {
              key: 'unarchive',
              label: t('templates.unarchive'),
              run: () => void unarchive(template),
            },
      );
    if (template.permissions.delete)
      actions.push({
        key: 'delete',
        label: t('templates.delete'),
        danger: true,
        run: () => setAsking({ kind: 'delete', template }),
      });
    return actions;
  };

  const dialogs = (
    <>
      {(asking?.kind === 'archive' || asking?.kind === 'delete') && (
        <ConfirmDialog
          open
          title={t(asking.kind === 'delete' ? 'templates.deleteTitle' : 'templates.archiveTitle', {
            name: asking.template.template_name,
          })}
          confirmLabel={t(asking.kind === 'delete' ? 'templates.delete' : 'templates.archive')}
          danger
          busy={busy || refusal !== null}
          onClose={close}
          onConfirm={() =>
            void (asking.kind === 'delete'
              ? confirmDelete(asking.template)
              : confirmArchive(asking.template))
          }
        >
          {t(asking.kind === 'delete' ? 'templates.deleteText' : 'templates.archiveText')}
          <FormMessage message={refusal} />
        </ConfirmDialog>
      )}
      {asking?.kind === 'duplicate' && (
        <Suspense fallback={null}>
          <DuplicateDialog
            template={asking.template}
            units={units.data ?? []}
            formError={refusal}
            busy={busy}
            onClose={close}
            onSubmit={(unit) => void duplicate(asking.template, unit)}
          />
        </Suspense>
      )}
    </>
  );

  return { actionsFor, dialogs, busy };
}

/** The actions as buttons (detail page). */
export function TemplateActionButtons({ actions }: { actions: TemplateAction[] }) {
  return (
    <>
      {actions.map((action) => {
        const common = {
          key: action.key,
          variant: action.key === 'edit' ? ('contained' as const) : ('outlined' as const),
          sx: action.danger ? DANGER_TEXT : undefined,
        };
        return 'run' in action ? (
          <Button {...common} onClick={action.run}>
            {action.label}
          </Button>
        ) : (
          <Button
            {...common}
            component={PrefetchLink}
            to={action.to}
            pageId={action.pageId}
            params={action.params}
          >
            {action.label}
          </Button>
        );
      })}
    </>
  );
}

/** The actions of a list row behind one menu button named after the template. */
export function TemplateActionMenu(props: { name: string; actions: TemplateAction[] }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (props.actions.length === 0) return null;
  const item = (action: TemplateAction): ReactNode =>
    'run' in action ? (
      <MenuItem
        key={action.key}
        sx={action.danger ? DANGER_TEXT : undefined}
        onClick={() => {
          setAnchor(null);
          action.run();
        }}
      >
        {action.label}
      </MenuItem>
    ) : (
      <MenuItem
        key={action.key}
        component={PrefetchLink}
        to={action.to}
        pageId={action.pageId}
        params={action.params}
      >
        {action.label}
      </MenuItem>
    );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('templates.actionsOf', { name: props.name })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('templates.fields.actions')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {props.actions.map(item)}
      </Menu>
    </>
  );
}
