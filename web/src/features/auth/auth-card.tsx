import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The card every sign-in page sits in, with its heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      sx={{
        p: { xs: 2.5, sm: 4 },
        maxWidth: 480,
        mx: 'auto',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box component="h1" sx={{ typography: 'h5', mt: 0, mb: 2 }}>
        {title}
      </Box>
      {children}
    </Box>
  );
}
