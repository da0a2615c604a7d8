import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useTranslation } from '../../shared/i18n.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { required, text } from '../../shared/form-rules.ts';
import { ruleMessage } from '../../shared/rule-messages.ts';
import { PeopleField } from '../../components/people-field.tsx';
import { saveGroup, siblingModulesQuery, type GroupJson, type ModuleJson } from './api.ts';

const groupSchema = z.object({ name: text(1, 200), instructors: z.array(z.number()) });
type GroupValues = z.infer<typeof groupSchema>;

/**
 * Creates a group (`group` null) or renames it and changes its instructors, searched among the
 * people who instruct in the module's unit. The server's refusal lands next to its field.
 */
export function GroupDialog(props: {
  module: ModuleJson;
  group: GroupJson | null;
  onClose: () => void;
  onSaved: (group: GroupJson) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<GroupValues>({
    resolver: zodResolver(groupSchema),
    defaultValues: { name: props.group?.name ?? '', instructors: props.group?.instructors ?? [] },
  });
  const submit = useServerSubmit(form, ['name', 'instructors'], async (values) => {
    const saved = await saveGroup(props.group?.id ?? null, {
      name: values.name,
      instructors: values.instructors,
      ...(props.group ? {} : { module: props.module.id }),
    });
    await props.onSaved(saved);
  });
  return (
    <FormDialog
      title={
        props.group
          ? t('modules.groups.editOf', { name: props.group.name })
          : t('modules.groups.new')
      }
      submitLabel={props.group ? t('modules.save') : t('modules.groups.create')}
      onClose={props.onClose}
      {...submit}
    >
      <FormField
        control={form.control}
        name="name"
        label={t('modules.groups.name')}
        autoComplete="off"
        required
      />
      <Controller
        control={form.control}
        name="instructors"
        render={({ field, fieldState }) => (
          <PeopleField
            filter={`roles=INSTRUCTOR&roles=ENTERPRISE_INSTRUCTOR&roles=COURSE_MANAGER&unit=${props.module.unit}&status=ACTIVE`}
            known={props.group?.instructor_details ?? []}
            value={field.value}
            onChange={field.onChange}
            label={t('modules.groups.instructors')}
            error={ruleMessage(fieldState.error?.message, t)}
            inputRef={field.ref}
          />
        )}
      />
    </FormDialog>
  );
}

const moveSchema = z.object({ module: required() });

/** Moves a group, with its assessments, to another module of the same unit and template. */
export function MoveGroupDialog(props: {
  module: ModuleJson;
  group: GroupJson;
  onClose: () => void;
  onMoved: (target: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const siblings = useQuery(siblingModulesQuery(props.module));
  const form = useForm<{ module: string }>({
    resolver: zodResolver(moveSchema),
    defaultValues: { module: '' },
  });
  const options = (siblings.data ?? [])
    .filter((m) => m.status !== 'ARCHIVED')
    .map((m) => ({ value: String(m.id), label: m.name }));
  const submit = useServerSubmit(form, ['module'], async (values) => {
    await saveGroup(props.group.id, { module: Number(values.module) });
    await props.onMoved(Number(values.module));
  });
  return (
    <FormDialog
      title={t('modules.groups.moveOf', { name: props.group.name })}
      submitLabel={t('modules.groups.move')}
      onClose={props.onClose}
      {...submit}
    >
      <p>{t('modules.groups.moveText')}</p>
      {siblings.isSuccess && options.length === 0 ? (
        <p>{t('modules.groups.noTarget')}</p>
      ) : (
        <SelectField
          control={form.control}
          name="module"
          label={t('modules.groups.target')}
          emptyLabel=""
          required
          options={options}
        />
      )}
    </FormDialog>
  );
}
