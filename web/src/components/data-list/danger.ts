/** The theme's error red (#f44336) is too light for text on white: a darker red for contrast. */
export const DANGER_TEXT = { color: '#b71c1c', borderColor: '#b71c1c' } as const;
export const DANGER_FILLED = {
  backgroundColor: '#c62828',
  color: '#fff',
  '&:hover': { backgroundColor: '#8e0000' },
} as const;
