import { useId } from 'react';

/**
 * Form fields as the browser's own elements, styled by `styles.css` with MUI's colours: for
 * screens that render many of them at once (an assessment's criteria, a self-assessment) and for
 * every list's filters, where MUI's components cost too much script on a phone. Forms run by
 * react-hook-form use FormField and SelectField instead.
 */

/** The value of an option that stands for none. */
export const NONE = '';

/** The server's messages about one field, tied to it by id. */
export function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field-errors">
      {messages.join(' ')}
    </p>
  );
}

/** A labelled multi-line text the user types into. */
export function TextArea(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  rows?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field-text">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <textarea
        id={id}
        rows={props.rows ?? 2}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={Boolean(props.errors?.length)}
        aria-describedby={props.errors?.length ? errorId : undefined}
        className="field-control"
      />
      <FieldErrors id={errorId} messages={props.errors} />
    </div>
  );
}

/**
 * One of a few values as native radio buttons: arrows move within the group, as in any form. An
 * option whose value is NONE stands for no value (null).
 */
export function Choice(props: {
  label: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  errors?: string[];
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field-input">
      <div id={id} className="field-title">
        {props.label}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={id}
        aria-describedby={props.errors?.length ? errorId : undefined}
        className="choices"
      >
        {props.options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={(props.value ?? NONE) === option.value}
              disabled={props.disabled}
              onChange={() => props.onChange(option.value === NONE ? null : option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} messages={props.errors} />
    </div>
  );
}

/**
 * A labelled native select. With `emptyLabel`, a first option (value NONE) stands for no value
 * (null), as in Choice.
 */
export function Select(props: {
  label: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  emptyLabel?: string;
  errors?: string[];
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value ?? NONE}
        onChange={(event) =>
          props.onChange(event.target.value === NONE ? null : event.target.value)
        }
        aria-invalid={Boolean(props.errors?.length)}
        aria-describedby={props.errors?.length ? errorId : undefined}
        className="field-control"
      >
        {props.emptyLabel !== undefined && <option value={NONE}>{props.emptyLabel}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={props.errors} />
    </div>
  );
}
