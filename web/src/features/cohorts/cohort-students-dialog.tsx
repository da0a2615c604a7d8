import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { ApiError } from '../../shared/api-error.ts';
import { everyProfileQuery, type PersonName } from '../../shared/api/profiles.ts';
import { pickerLabel, useProfileSearch } from '../../components/use-profile-search.tsx';
import type { CohortJson } from '../../shared/api/cohorts.ts';

/**
 * The students of a cohort: removed one by one, added from the active students of its unit,
 * searched on the server as the name is typed.
 */
export function CohortStudentsDialog(props: {
  cohort: CohortJson;
  onClose: () => void;
  save: (students: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  // dropped once the dialog closes: a cached answer would not name the students just added
  const members = useQuery({
    ...everyProfileQuery(`cohort=${props.cohort.id}&ordering=last_name`),
    gcTime: 0,
  });
  const [students, setStudents] = useState(props.cohort.students);
  const [added, setAdded] = useState<PersonName[]>([]);
  // by id, once per change: the dialog draws again at each key typed, for up to 5,000 students
  const taken = useMemo(() => new Set(students), [students]);
  const names = useMemo(
    () => new Map([...(members.data ?? []), ...added].map((p) => [p.id, p])),
    [members.data, added],
  );
  const search = useProfileSearch(`roles=STUDENT&unit=${props.cohort.unit}&status=ACTIVE`, {
    ids: taken,
    reason: t('cohorts.alreadyIn'),
  });
  const nameOf = (id: number) => {
    const found = names.get(id);
    return found ? pickerLabel(found) : members.isPending ? t('common.loading') : `#${id}`;
  };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.save(students);
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? Object.values(caught.fieldErrors).flat().join(' ') || caught.message
          : t('errors.network'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="students-dialog-title" fullWidth>
      <DialogTitle id="students-dialog-title">
        {t('cohorts.studentsTitle', { name: props.cohort.name })}
      </DialogTitle>
      <DialogContent>
        <FormMessage message={error} />
        <Autocomplete
          sx={{ mt: 1 }}
          {...search.autocomplete}
          value={null}
          blurOnSelect
          onChange={(_, picked) => {
            if (!picked) return;
            setAdded((people) => [...people, picked]);
            setStudents((list) => [...list, picked.id]);
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              placeholder={search.placeholder}
              label={t('cohorts.addStudent')}
            />
          )}
        />
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          {t('cohorts.studentCount', { count: students.length })}
        </Typography>
        <Box
          component="ul"
          aria-label={t('cohorts.fields.students')}
          sx={{ pl: 0, listStyle: 'none' }}
        >
          {students.map((id) => (
            <Box
              component="li"
              key={id}
              sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
            >
              <span>{nameOf(id)}</span>
              <Button
                size="small"
                onClick={() => setStudents((list) => list.filter((s) => s !== id))}
                aria-label={t('cohorts.removeStudent', { name: nameOf(id) })}
              >
                {t('cohorts.remove')}
              </Button>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('list.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {t('cohorts.saveStudents')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
