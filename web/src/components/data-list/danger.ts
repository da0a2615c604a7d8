/** The theme's error red (#f44336) is too light for text on white: its readable tone instead. */
export const DANGER_TEXT = { color: 'tone.error', borderColor: 'tone.error' } as const;
/** A filled red that carries white text in both colour schemes. */
export const DANGER_FILLED = {
  backgroundColor: '#c62828',
  color: '#fff',
  '&:hover': { backgroundColor: '#8e0000' },
} as const;
