import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import * as z from 'zod/mini';
import { useTranslation } from '../../app/i18n.ts';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { zodResolver } from '../../lib/form-resolver.ts';
import { text } from '../../lib/form-rules.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';

const schema = z.object({ name: text(1, 100), code: text(1, 20) });
export type UnitValues = z.infer<typeof schema>;

/** Name and code of a unit, new or renamed; refusals (a code taken) next to their field. */
export function UnitDialog(props: {
  title: string;
  submitLabel: string;
  initial: UnitValues;
  onClose: () => void;
  save: (values: UnitValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UnitValues>({ resolver: zodResolver(schema), defaultValues: props.initial });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await props.save(values);
    } catch (error) {
      setFormError(applyServerErrors(error, ['name', 'code'], form.setError, t('errors.network')));
    }
  });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="unit-dialog-title" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="unit-dialog-title">{props.title}</DialogTitle>
        <DialogContent>
          <FormMessage message={formError} />
          <FormField control={form.control} name="name" label={t('units.fields.name')} required />
          <FormField control={form.control} name="code" label={t('units.fields.code')} required />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('list.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
