import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../shared/i18n.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import {
  deleteModule,
  refreshModules,
  setModuleArchived,
  setModuleLocked,
  type ModuleJson,
} from './api.ts';
import { refusalOf } from './module-parts.ts';

/** Text and border in a readable tone (the theme's main colours are too light on white). */
const CHIP_TONES = {
  OPEN: 'tone.success',
  LOCKED: 'tone.warning',
  ARCHIVED: 'tone.neutral',
} as const;

/** The module's status as a chip; its text says it, the colour only repeats it. */
export function ModuleStatusChip({ status }: { status: ModuleJson['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`enums.moduleStatus.${status}`)}
      data-testid="module-status"
      sx={{ fontWeight: 500, color: CHIP_TONES[status], borderColor: CHIP_TONES[status] }}
    />
  );
}

type Confirm = 'archive' | 'delete' | null;

/**
 * Edit, lock or unlock, archive or unarchive, delete: the buttons a reader's permissions allow
 * on one module (editing stands out on the module's own page). Archiving and deleting ask first;
 * a refused delete shows the server's reason.
 */
export function ModuleActions(props: {
  module: ModuleJson;
  /** names the buttons with the module for screen readers (lists hold many) */
  named?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { to } = useLocalePath();
  const m = props.module;
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const archived = m.status === 'ARCHIVED';
  const locked = m.status === 'LOCKED';
  const label = (key: string) =>
    props.named ? t(`modules.actions.${key}Of`, { name: m.name }) : undefined;

  const run = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call();
      setConfirm(null);
      toast({ type: 'success', description: success });
      await refreshModules(client);
    } catch (error) {
      const reason = refusalOf(error, t('errors.unexpected'));
      if (confirm) setRefusal(reason);
      else toast({ type: 'error', description: reason });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {m.permissions.change && (
        <Button
          size={props.named ? 'small' : 'medium'}
          variant={props.named ? 'text' : 'contained'}
          component={PrefetchLink}
          pageId="module-edit"
          params={{ id: String(m.id) }}
          to={to(`/modules/${m.id}/edit`)}
          aria-label={label('edit')}
        >
          {t('modules.actions.edit')}
        </Button>
      )}
      {m.permissions.change && !archived && (
        <Button
          size="small"
          disabled={busy}
          aria-label={label(locked ? 'unlock' : 'lock')}
          onClick={() =>
            void run(
              () => setModuleLocked(m.id, !locked),
              t(locked ? 'modules.unlocked' : 'modules.locked', { name: m.name }),
            )
          }
        >
          {t(locked ? 'modules.actions.unlock' : 'modules.actions.lock')}
        </Button>
      )}
      {m.permissions.archive && (
        <Button
          size="small"
          disabled={busy}
          aria-label={label(archived ? 'unarchive' : 'archive')}
          onClick={() =>
            archived
              ? void run(
                  () => setModuleArchived(m.id, false),
                  t('modules.unarchived', { name: m.name }),
                )
              : setConfirm('archive')
          }
        >
          {t(archived ? 'modules.actions.unarchive' : 'modules.actions.archive')}
        </Button>
      )}
      {m.permissions.change && (
        <Button
          size="small"
          sx={DANGER_TEXT}
          disabled={busy}
          aria-label={label('delete')}
          onClick={() => setConfirm('delete')}
        >
          {t('modules.actions.delete')}
        </Button>
      )}
      {confirm && (
        <ConfirmDialog
          open
          title={t(`modules.${confirm}Title`, { name: m.name })}
          confirmLabel={t(`modules.actions.${confirm}`)}
          danger
          busy={busy}
          onClose={() => {
            setConfirm(null);
            setRefusal(null);
          }}
          onConfirm={() =>
            void (confirm === 'delete'
              ? run(
                  // leave the page first, so its query does not refetch a deleted module
                  () => deleteModule(m.id).then(() => props.onDeleted?.()),
                  t('modules.deleted', { name: m.name }),
                )
              : run(() => setModuleArchived(m.id, true), t('modules.archived', { name: m.name })))
          }
        >
          {t(`modules.${confirm}Text`)}
          <FormMessage message={refusal} />
        </ConfirmDialog>
      )}
    </>
  );
}
