import Box from '@mui/material/Box';

const tones = {
  error: { color: '#8c1d18', background: '#fdeceb', border: '#f44336' },
  success: { color: '#1b4d1e', background: '#edf7ed', border: '#4caf50' },
  info: { color: '#0b3d70', background: '#e8f2fd', border: '#2196f3' },
};

/** A message about the whole form, announced as soon as it appears. */
export function FormMessage({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: keyof typeof tones;
}) {
  if (!message) return null;
  const tone = tones[severity];
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={{
        my: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: `4px solid ${tone.border}`,
        color: tone.color,
        backgroundColor: tone.background,
      }}
    >
      {message}
    </Box>
  );
}
