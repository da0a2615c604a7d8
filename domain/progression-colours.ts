import type { ProgressionFlag } from './constants.ts';

/**
 * The progression map's colour scale, light to dark, with the text colour that reads on each
 * (contrast 4.5:1 at least); the word is in the cell too, for those who cannot tell colours apart.
 */
export const PROGRESSION_COLOURS: Record<ProgressionFlag, { fill: string; text: string }> = {
  OBSERVED: { fill: '#eef4fb', text: '#1a1a1a' },
  TAUGHT: { fill: '#d3e4f6', text: '#1a1a1a' },
  PRACTICED: { fill: '#a9cbef', text: '#1a1a1a' },
  INSTRUCTED: { fill: '#6fa3dc', text: '#000000' },
  SUPERVISED: { fill: '#2f6fb8', text: '#ffffff' },
  AUTONOMOUSLY_EXECUTED: { fill: '#173f6e', text: '#ffffff' },
};
