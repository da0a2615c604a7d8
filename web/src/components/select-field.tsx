import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../shared/i18n.ts';
import { ruleMessage } from '../shared/rule-messages.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: { value: string; label: string }[];
  /** the label of the empty choice; no empty choice when absent */
  emptyLabel?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A native select next to FormField: same label, error wiring (aria-invalid, aria-describedby). */
export function SelectField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const error = ruleMessage(fieldState.error?.message, t);
  const helpId = `${id}-help`;
  return (
    <div className={error ? 'form-field invalid' : 'form-field'}>
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        {...field}
        value={field.value ?? ''}
        disabled={props.disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? helpId : undefined}
        aria-required={props.required}
      >
        {props.emptyLabel !== undefined && <option value="">{props.emptyLabel}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={helpId} className="form-field-help">
          {error}
        </p>
      )}
    </div>
  );
}
