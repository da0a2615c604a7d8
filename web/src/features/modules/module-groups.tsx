import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { preload } from '../../shared/preload.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { fullName } from '../../shared/api/profiles.ts';
import {
  deleteGroup,
  refreshModules,
  type AssessmentItemJson,
  type GroupJson,
  type ModuleDetailJson,
} from './api.ts';
import { refusalOf } from './module-parts.ts';

// the dialogs (an instructor picker, MUI's text fields) load after the page, not with it
const dialogs = () => import('./group-dialogs.tsx');
const GroupDialog = lazy(() => dialogs().then((d) => ({ default: d.GroupDialog })));
const MoveGroupDialog = lazy(() => dialogs().then((d) => ({ default: d.MoveGroupDialog })));

type Open = { kind: 'create' } | { kind: 'edit' | 'move' | 'delete'; group: GroupJson } | null;

/**
 * The groups of a module as cards (they read the same on a phone): name, instructors, how many
 * students; managers add, edit, move and delete them. Deleting a group that holds assessments is
 * refused by the server, whose reason is shown.
 */
export function ModuleGroups(props: {
  module: ModuleDetailJson;
  assessments: AssessmentItemJson[] | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const m = props.module;
  const manage = m.permissions.manage_groups && m.status !== 'ARCHIVED';
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // fetched once the page is shown, so a dialog opens at once
  useEffect(() => {
    if (manage) preload(dialogs);
  }, [manage]);
  const studentsIn = (group: GroupJson) =>
    props.assessments?.filter((a) => a.group?.id === group.id).length ?? 0;

  const done = async (message: string) => {
    setOpen(null);
    toast({ type: 'success', description: message });
    await refreshModules(client);
  };
  const remove = async (group: GroupJson) => {
    setBusy(true);
    setRefusal(null);
    try {
      await deleteGroup(group.id);
      await done(t('modules.groups.deleted', { name: group.name }));
    } catch (error) {
      setRefusal(refusalOf(error, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="groups-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="groups-title" component="h2" variant="h5" sx={{ flexGrow: 1 }}>
          {t('modules.groups.title')}
        </Typography>
        {manage && (
          <Button variant="outlined" onClick={() => setOpen({ kind: 'create' })}>
            {t('modules.groups.new')}
          </Button>
        )}
      </Box>
      {m.groups.length === 0 && <Typography>{t('modules.groups.empty')}</Typography>}
      <Box
        component="ul"
        aria-labelledby="groups-title"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
        }}
      >
        {m.groups.map((group) => (
          <Card component="li" key={group.id} variant="outlined" aria-label={group.name}>
            <CardContent>
              <Typography component="h3" variant="h6">
                {group.name}
              </Typography>
              <Typography>
                {t('modules.groups.instructors')}:{' '}
                {group.instructor_details.length > 0
                  ? group.instructor_details.map(fullName).join(', ')
                  : '—'}
              </Typography>
              <Typography color="text.secondary">
                {t('modules.groups.studentCount', { count: studentsIn(group) })}
              </Typography>
            </CardContent>
            {manage && (
              <CardActions sx={{ flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  onClick={() => setOpen({ kind: 'edit', group })}
                  aria-label={t('modules.groups.editOf', { name: group.name })}
                >
                  {t('modules.actions.edit')}
                </Button>
                {m.template !== null && (
                  <Button
                    size="small"
                    onClick={() => setOpen({ kind: 'move', group })}
                    aria-label={t('modules.groups.moveOf', { name: group.name })}
                  >
                    {t('modules.groups.move')}
                  </Button>
                )}
                <Button
                  size="small"
                  sx={DANGER_TEXT}
                  onClick={() => setOpen({ kind: 'delete', group })}
                  aria-label={t('modules.groups.deleteOf', { name: group.name })}
                >
                  {t('modules.actions.delete')}
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      <Suspense fallback={null}>
        {(open?.kind === 'create' || open?.kind === 'edit') && (
          <GroupDialog
            module={m}
            group={open.kind === 'edit' ? open.group : null}
            onClose={() => setOpen(null)}
            onSaved={(saved) =>
              done(
                t(open.kind === 'edit' ? 'modules.groups.saved' : 'modules.groups.created', {
                  name: saved.name,
                }),
              )
            }
          />
        )}
        {open?.kind === 'move' && (
          <MoveGroupDialog
            module={m}
            group={open.group}
            onClose={() => setOpen(null)}
            onMoved={() => done(t('modules.groups.moved', { name: open.group.name }))}
          />
        )}
      </Suspense>
      {open?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={t('modules.groups.deleteTitle', { name: open.group.name })}
          confirmLabel={t('modules.actions.delete')}
          danger
          busy={busy}
          onClose={() => {
            setOpen(null);
            setRefusal(null);
          }}
          onConfirm={() => void remove(open.group)}
        >
          {t('modules.groups.deleteText')}
          <FormMessage message={refusal} />
        </ConfirmDialog>
      )}
    </Box>
  );
}
