import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The top of a page: its heading (a long name wraps instead of widening the page), what stands
 * before it (an avatar) and beside it (buttons, a status chip), wrapping on narrow screens.
 */
export function PageHeader(props: { title: ReactNode; start?: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      {props.start}
      <Typography
        component="h1"
        variant="h4"
        sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}
