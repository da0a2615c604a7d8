import { useState } from 'react';
import Button from '@mui/material/Button';

/** How many rows a list that grows on demand asks for first, and how many more each time. */
const MORE_PAGE = 50;

/** The number of rows such a list asks for; `more` asks for MORE_PAGE more, `reset` starts over. */
export function useMoreLimit() {
  const [limit, setLimit] = useState(MORE_PAGE);
  return {
    limit,
    more: () => setLimit((shown) => shown + MORE_PAGE),
    reset: () => setLimit(MORE_PAGE),
  };
}

/** The button under such a list, while rows are left to show. */
export function MoreButton(props: {
  page: { results: unknown[]; count: number };
  label: string;
  onMore: () => void;
}) {
  if (props.page.results.length >= props.page.count) return null;
  return (
    <Button sx={{ mt: 1 }} onClick={props.onMore}>
      {props.label}
    </Button>
  );
}
