/**
 * The small controlled inputs of the editor's blocks and criteria (their values live in the tree
 * reducer, not in a form). MUI wires label, aria-invalid and aria-describedby to the message.
 */
import { useEffect, useRef, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';

/** The theme's error red is too light for text on white: labels and messages take DANGER_TEXT. */
const errorText = {
  '& .MuiFormLabel-root.Mui-error, & .MuiFormHelperText-root.Mui-error': {
    color: DANGER_TEXT.color,
  },
};

export function TextInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  type?: string;
  inputMode?: 'decimal' | 'text';
  width?: number | string;
  /** takes the focus when it appears (the name of an item just added) */
  focusOnMount?: boolean;
  /** the full accessible name when the visible label is a short one */
  accessibleName?: string;
}) {
  const [focus] = useState(props.focusOnMount);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <TextField
      inputRef={ref}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      required={props.required}
      disabled={props.disabled}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      type={props.type}
      size="small"
      margin="dense"
      slotProps={{
        htmlInput: { inputMode: props.inputMode, 'aria-label': props.accessibleName },
      }}
      sx={{ width: props.width ?? '100%', maxWidth: '100%', ...errorText }}
    />
  );
}

export function SelectInput(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  width?: number | string;
  /** the full accessible name when the visible label is a short one */
  accessibleName?: string;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      disabled={props.disabled}
      size="small"
      margin="dense"
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': props.accessibleName },
      }}
      sx={{ width: props.width ?? '100%', maxWidth: '100%', ...errorText }}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
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
