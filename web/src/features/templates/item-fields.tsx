/**
 * The small controlled inputs of the editor's blocks and criteria (their values live in the tree
 * reducer, not in a form), in the app's one input style (label above, web/src/styles.css
 * `.form-field`) like the template's own fields: native inputs and selects, which phones show
 * with their own pickers. The label, aria-invalid and aria-describedby are wired to the message.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

interface FieldProps {
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  width?: number | string;
  /** the full accessible name when the visible label is a short one */
  accessibleName?: string;
}

/** Label, control and message, tied together for readers. */
function Field(props: FieldProps & { children: (wiring: object) => ReactNode }) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div
      className={props.error ? 'form-field dense invalid' : 'form-field dense'}
      style={{ width: props.width ?? '100%', maxWidth: '100%' }}
    >
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      {props.children({
        id,
        disabled: props.disabled,
        required: props.required,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': props.error ? helpId : undefined,
        'aria-label': props.accessibleName,
      })}
      {props.error && (
        <p id={helpId} className="form-field-help">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function TextInput(
  props: FieldProps & {
    value: string;
    onChange: (value: string) => void;
    multiline?: boolean;
    type?: string;
    inputMode?: 'decimal' | 'text';
    /** takes the focus when it appears (the name of an item just added) */
    focusOnMount?: boolean;
  },
) {
  const [focus] = useState(props.focusOnMount);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Field {...props}>
      {(wiring) =>
        props.multiline ? (
          <textarea
            {...wiring}
            ref={ref}
            rows={2}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        ) : (
          <input
            {...wiring}
            ref={ref}
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

export function SelectInput(
  props: FieldProps & {
    value: string;
    options: { value: string; label: string }[];
    onChange: (value: string) => void;
  },
) {
  return (
    <Field {...props}>
      {(wiring) => (
        <select
          {...wiring}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckInput(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      }
      label={props.label}
    />
  );
}
