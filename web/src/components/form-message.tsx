import Box from '@mui/material/Box';

type Severity = 'error' | 'success' | 'info';

/** A message about the whole form, announced as soon as it appears. */
export function FormMessage({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: Severity;
}) {
  if (!message) return null;
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{
        my: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: `${severity}.main`,
        color: `tone.${severity}`,
        backgroundColor: `tone.${severity}Surface`,
      }}
    >
      {message}
    </Box>
  );
}
