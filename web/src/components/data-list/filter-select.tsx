import { useId } from 'react';

/**
 * A labelled single choice of a list (a filter, the order on phones), the browser's own select;
 * the empty choice, offered when `allLabel` is given, means "all".
 */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="field-control"
      >
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
