import { useEffect, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import * as z from 'zod/mini';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_STATUSES } from '../../../../domain/constants.ts';
import { useTranslation, type Translate } from '../../shared/i18n.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { useProfileSearch } from '../../components/use-profile-search.tsx';
import type { PersonName } from '../../shared/api/profiles.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { required } from '../../shared/form-rules.ts';
import {
  instanciateCohort,
  instanciateStudent,
  type AssessmentItemJson,
  type ModuleDetailJson,
} from './api.ts';
import { cohortChoices, useCohortNames } from './module-parts.ts';

const statusOptions = (t: Translate) =>
  ASSESSMENT_STATUSES.map((s) => ({ value: s, label: t(`enums.assessmentStatus.${s}`) }));
const groupOptions = (module: ModuleDetailJson) =>
  module.groups.map((g) => ({ value: String(g.id), label: g.name }));
const defaultGroup = (module: ModuleDetailJson) =>
  module.groups.length === 1 ? String(module.groups[0]!.id) : '';

const studentSchema = z.object({
  student: required(),
  group: required(),
  status: z.enum(ASSESSMENT_STATUSES),
});
type StudentValues = z.infer<typeof studentSchema>;

/**
 * The student of a new assessment, searched among the active students of the unit as the name is
 * typed; those the module assesses already are shown, but cannot be picked.
 */
function StudentField(props: {
  control: Control<StudentValues>;
  unit: number;
  assessed: Set<number>;
}) {
  const { t } = useTranslation();
  const search = useProfileSearch(`roles=STUDENT&unit=${props.unit}&status=ACTIVE`, {
    ids: props.assessed,
    reason: t('modules.instanciate.assessed'),
  });
  const [picked, setPicked] = useState<PersonName | null>(null);
  return (
    <Controller
      control={props.control}
      name="student"
      render={({ field, fieldState }) => {
        const error = ruleMessage(fieldState.error?.message, t);
        return (
          <Autocomplete
            sx={{ mt: 1 }}
            {...search.autocomplete}
            value={picked}
            onChange={(_, person) => {
              setPicked(person);
              field.onChange(person ? String(person.id) : '');
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                placeholder={search.placeholder}
                required
                label={t('modules.instanciate.student')}
                error={Boolean(error)}
                helperText={error}
                inputRef={field.ref}
              />
            )}
          />
        );
      }}
    />
  );
}

/** One new assessment: a student of the unit not yet assessed in the module, into a group. */
export function InstanciateStudentDialog(props: {
  module: ModuleDetailJson;
  assessments: AssessmentItemJson[];
  onClose: () => void;
  onCreated: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const assessed = new Set(props.assessments.map((a) => a.student.id));
  const form = useForm<StudentValues>({
    resolver: zodResolver(studentSchema),
    defaultValues: { student: '', group: defaultGroup(props.module), status: 'IN_PROGRESS' },
  });
  const submit = useServerSubmit(form, ['student', 'group', 'status'], async (values) => {
    await instanciateStudent(props.module.id, {
      student: Number(values.student),
      group: Number(values.group),
      status: values.status,
    });
    await props.onCreated();
  });
  return (
    <FormDialog
      title={t('modules.instanciate.studentTitle')}
      submitLabel={t('modules.instanciate.submit')}
      onClose={props.onClose}
      {...submit}
    >
      <StudentField control={form.control} unit={props.module.unit} assessed={assessed} />
      <SelectField
        control={form.control}
        name="group"
        label={t('modules.instanciate.group')}
        emptyLabel=""
        required
        options={groupOptions(props.module)}
      />
      <SelectField
        control={form.control}
        name="status"
        label={t('modules.instanciate.status')}
        options={statusOptions(t)}
      />
    </FormDialog>
  );
}

const cohortSchema = z.object({ cohort: required(), group: required() });
type CohortValues = z.infer<typeof cohortSchema>;
type Result = { created: number; skipped: number };

/**
 * One assessment per student of a cohort, in one server call (one transaction: all or nothing),
 * each in progress (the server refuses empty validated ones). A unit's only active cohort is
 * chosen already. While it runs an indeterminate bar shows; then the bar is full, the counts are
 * shown and "Close" alone remains.
 */
export function InstanciateCohortDialog(props: {
  module: ModuleDetailJson;
  onClose: () => void;
  onCreated: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const cohorts = useCohortNames();
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm<CohortValues>({
    resolver: zodResolver(cohortSchema),
    defaultValues: {
      cohort: props.module.cohort === null ? '' : String(props.module.cohort),
      group: defaultGroup(props.module),
    },
  });
  const running = form.formState.isSubmitting;
  const submit = useServerSubmit(form, ['cohort', 'group'], async (values) => {
    if (result) {
      props.onClose();
      return;
    }
    const answer = await instanciateCohort(props.module.id, {
      cohort: Number(values.cohort),
      group: Number(values.group),
    });
    setResult(answer);
    await props.onCreated();
  });
  const { options, only } = cohortChoices(cohorts.data ?? [], props.module.unit);
  useEffect(() => {
    if (only && !form.getValues('cohort')) form.setValue('cohort', only);
  }, [only, form]);
  return (
    <FormDialog
      title={t('modules.instanciate.cohortTitle')}
      submitLabel={result ? t('common.close') : t('modules.instanciate.submit')}
      done={Boolean(result)}
      onClose={props.onClose}
      {...submit}
    >
      <SelectField
        control={form.control}
        name="cohort"
        label={t('modules.instanciate.cohort')}
        emptyLabel=""
        required
        disabled={running || Boolean(result)}
        options={options}
      />
      <SelectField
        control={form.control}
        name="group"
        label={t('modules.instanciate.group')}
        emptyLabel=""
        required
        disabled={running || Boolean(result)}
        options={groupOptions(props.module)}
      />
      {(running || result) && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant={result ? 'determinate' : 'indeterminate'}
            value={result ? 100 : undefined}
            aria-label={t('modules.instanciate.progress')}
          />
          {running && (
            <Typography role="status" sx={{ mt: 1 }}>
              {t('modules.instanciate.running')}
            </Typography>
          )}
        </Box>
      )}
      {result && (
        <FormMessage
          severity="success"
          message={t('modules.instanciate.done', {
            created: result.created,
            skipped: result.skipped,
          })}
        />
      )}
    </FormDialog>
  );
}
