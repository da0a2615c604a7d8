import { NONE, Select } from '../native-fields.tsx';

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
  return (
    <Select
      label={props.label}
      value={props.value}
      options={props.options}
      emptyLabel={props.allLabel}
      onChange={(value) => props.onChange(value ?? NONE)}
      className="list-filter"
    />
  );
}
