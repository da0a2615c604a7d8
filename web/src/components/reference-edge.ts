/** A block's left edge in its reference colour, a neutral grey when it has none. */
export const referenceEdge = (color: string | null) =>
  `6px solid ${color ?? 'var(--mui-palette-grey-500)'}`;
