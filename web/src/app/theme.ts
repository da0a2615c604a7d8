import type { ThemeOptions } from '@mui/material/styles';
import { BREAKPOINTS, THEME_COLORS } from '../../../domain/constants.ts';

/**
 * Colours the MUI palette has no word for, each readable on the page's background in its scheme:
 * text of a tone (an error, a module's status, a toast's edge), the surface behind a message of
 * that tone, native form fields, and the grade chart.
 */
interface Tones {
  error: string;
  errorSurface: string;
  success: string;
  successSurface: string;
  info: string;
  infoSurface: string;
  warning: string;
  warningSurface: string;
  neutral: string;
  link: string;
  linkSurface: string;
  fieldBorder: string;
  fieldBorderHover: string;
  fieldInvalid: string;
  fieldDisabled: string;
  chartIntercompany: string;
  chartTrainingReport: string;
  chartTrainingPlan: string;
  chartIpre: string;
}

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    accent: Palette['primary'];
    danger: Palette['primary'];
    tone: Tones;
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    danger?: PaletteOptions['primary'];
    tone?: Tones;
  }
}

/** Popper's room to open in: the page, not the nearest scrolling box (a dialog's paper). */
const againstThePage = ['flip', 'preventOverflow'].map((name) => ({
  name,
  options: { boundary: typeof document === 'undefined' ? 'clippingParents' : document.body },
}));

const focusRing = { outline: '3px solid var(--mui-palette-primary-main)', outlineOffset: 2 };

/** The spec's light theme (section 9), the default. */
const light = {
  primary: { main: THEME_COLORS.primary },
  secondary: { main: THEME_COLORS.secondary },
  accent: { main: THEME_COLORS.accent, contrastText: '#fff' },
  info: { main: THEME_COLORS.info },
  warning: { main: THEME_COLORS.warning },
  error: { main: THEME_COLORS.error },
  success: { main: THEME_COLORS.success },
  danger: { main: THEME_COLORS.danger, contrastText: '#fff' },
  background: { default: THEME_COLORS.background, paper: '#fff' },
  tone: {
    error: '#b71c1c',
    errorSurface: '#fdeceb',
    success: '#1b5e20',
    successSurface: '#edf7ed',
    info: '#0b5cad',
    infoSurface: '#e8f2fd',
    warning: '#7a3e00',
    warningSurface: '#fff4e5',
    neutral: '#555555',
    link: '#283593',
    linkSurface: '#eceef8',
    fieldBorder: '#767676',
    fieldBorderHover: '#1f1f1f',
    fieldInvalid: '#c62828',
    fieldDisabled: '#f2f2f2',
    chartIntercompany: '#1565c0',
    chartTrainingReport: '#2e7d32',
    chartTrainingPlan: '#6a1b9a',
    chartIpre: '#bf360c',
  },
} satisfies ThemeOptions['palette'];

/** The same colours lightened for a dark background, chosen when the system asks for it. */
const dark = {
  primary: { main: '#9fa8da' },
  secondary: { main: '#ffb74d' },
  accent: { main: '#4db6ac', contrastText: '#000' },
  info: { main: '#64b5f6' },
  warning: { main: '#ffd54f' },
  error: { main: '#ef9a9a' },
  success: { main: '#81c784' },
  danger: { main: '#ef9a9a', contrastText: '#000' },
  background: { default: '#121212', paper: '#1c1c1c' },
  tone: {
    error: '#f28b82',
    errorSurface: '#3b1716',
    success: '#a5d6a7',
    successSurface: '#15301a',
    info: '#90caf9',
    infoSurface: '#0f2a44',
    warning: '#ffcc80',
    warningSurface: '#3a2600',
    neutral: '#bdbdbd',
    link: '#c5cae9',
    linkSurface: '#262b4a',
    fieldBorder: '#8f8f8f',
    fieldBorderHover: '#e0e0e0',
    fieldInvalid: '#ef9a9a',
    fieldDisabled: '#2a2a2a',
    chartIntercompany: '#64b5f6',
    chartTrainingReport: '#81c784',
    chartTrainingPlan: '#ce93d8',
    chartIpre: '#ff8a65',
  },
} satisfies ThemeOptions['palette'];

/**
 * The spec's light theme by default and a dark one when the system prefers it, switched by CSS
 * alone (`prefers-color-scheme`): every colour is a CSS variable (`--mui-palette-…`), which
 * styles.css uses too. Breakpoints of section 9 and a focus ring always seen.
 */
export const themeOptions: ThemeOptions = {
  cssVariables: true,
  colorSchemes: { light: { palette: light }, dark: { palette: dark } },
  breakpoints: { values: BREAKPOINTS },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': focusRing,
        '.skip-link': {
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          padding: '8px 16px',
          background: 'var(--mui-palette-background-paper)',
          color: 'var(--mui-palette-tone-link)',
        },
        '.skip-link:focus': { top: 8 },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    /**
     * An autocomplete's list of options stays next to its field in the page, inside the dialog
     * or the main landmark that holds it: portalled to the page's end, it lay outside a modal
     * dialog, where a screen reader honouring `aria-modal` does not go. Placed against the
     * viewport (`fixed`), a dialog's scrolling content does not cut it short, nor, measured
     * against the page rather than the dialog, turn it upwards over the dialog's other fields.
     */
    MuiAutocomplete: {
      defaultProps: {
        disablePortal: true,
        slotProps: { popper: { popperOptions: { strategy: 'fixed', modifiers: againstThePage } } },
      },
    },
  },
};
