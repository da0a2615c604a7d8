import Button from '@mui/material/Button';

/** How many rows a list that grows on demand asks for first, and how many more each time. */
export const MORE_PAGE = 50;

/** The button under such a list, while rows are left to show. */
export function MoreButton(props: {
  shown: number;
  count: number;
  label: string;
  onMore: () => void;
}) {
  if (props.shown >= props.count) return null;
  return (
    <Button sx={{ mt: 1 }} onClick={props.onMore}>
      {props.label}
    </Button>
  );
}
