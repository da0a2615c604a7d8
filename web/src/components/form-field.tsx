import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../shared/i18n.ts';
import { ruleMessage } from '../shared/rule-messages.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  required?: boolean;
}

/**
 * A labelled text field whose error (local rule or server refusal) is tied to it for readers:
 * aria-invalid, aria-describedby. Native input styled like the theme (web/src/styles.css), so the
 * sign-in pages stay within their JavaScript budget.
 */
export function FormField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = ruleMessage(fieldState.error?.message, t);
  const helpId = `${id}-help`;
  const describedBy = error || props.hint ? helpId : undefined;
  return (
    <div className={error ? 'form-field invalid' : 'form-field'}>
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        {...field}
        value={field.value ?? ''}
        required={props.required}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {describedBy && (
        <p id={helpId} className="form-field-help">
          {error ?? props.hint}
        </p>
      )}
    </div>
  );
}
