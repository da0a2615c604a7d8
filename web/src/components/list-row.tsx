import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * One row of a plain list (sessions, people to erase, latest assessments): what it is, on the
 * left, taking the width, and what goes with it (an action, a grade) at the end, wrapping below
 * on a phone; rows parted by a divider.
 */
export function ListRow(props: {
  children: ReactNode;
  end?: ReactNode;
  align?: 'center' | 'baseline';
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: props.align ?? 'center',
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>{props.children}</Box>
      {props.end}
    </Box>
  );
}
