import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A labelled single-choice filter; the empty choice means "all". */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  allLabel: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{props.allLabel}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
