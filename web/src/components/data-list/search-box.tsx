import { useEffect, useId, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/** A search field (the browser's own) that tells its list only once typing pauses. */
export function SearchBox(props: { label: string; value: string; onSearch: (v: string) => void }) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  // the address changed from elsewhere (back button): show its search
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="list-search">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (next.trim() !== value) onSearch(next.trim());
          }, SEARCH_DEBOUNCE_MS);
        }}
        className="field-control"
      />
    </div>
  );
}
