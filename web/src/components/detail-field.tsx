import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * One label and value of a read-only page, inside a `<dl>`: the label above its value on
 * phones, beside it from tablets up; a long value wraps instead of widening the page.
 */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2, py: 0.5 }}
    >
      <Box component="dt" sx={{ color: 'text.secondary', minWidth: { sm: 220 }, flexShrink: 0 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}
