import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';

const SEARCH_DEBOUNCE_MS = 300;

/** A search field that tells its list only once typing pauses. */
export function SearchBox(props: { label: string; value: string; onSearch: (v: string) => void }) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // the address changed from elsewhere (back button): show its search
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <TextField
      type="search"
      size="small"
      label={props.label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (next.trim() !== value) onSearch(next.trim());
        }, SEARCH_DEBOUNCE_MS);
      }}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    />
  );
}
