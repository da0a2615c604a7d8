import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS, THEME_COLORS } from '../../../domain/constants.ts';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    accent: Palette['primary'];
    danger: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    danger?: PaletteOptions['primary'];
  }
}

const focusRing = { outline: `3px solid ${THEME_COLORS.primary}`, outlineOffset: 2 };

/** The light theme of spec section 9: its colours and breakpoints, and a focus ring always seen. */
export const theme = createTheme({
  palette: {
    primary: { main: THEME_COLORS.primary },
    secondary: { main: THEME_COLORS.secondary },
    accent: { main: THEME_COLORS.accent, contrastText: '#fff' },
    info: { main: THEME_COLORS.info },
    warning: { main: THEME_COLORS.warning },
    error: { main: THEME_COLORS.error },
    success: { main: THEME_COLORS.success },
    danger: { main: THEME_COLORS.danger, contrastText: '#fff' },
    background: { default: THEME_COLORS.background },
  },
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
          background: '#fff',
          color: THEME_COLORS.primary,
        },
        '.skip-link:focus': { top: 8 },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
  },
});
