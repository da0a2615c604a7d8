import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useTranslation } from '../shared/i18n.ts';
import { themeOptions } from './theme.ts';

/**
 * The theme with the words MUI's components say themselves (an autocomplete's "Open", "Close",
 * "Clear", "No options", "Loading…") in the reader's language, set once for every screen.
 */
export function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const localized = useMemo(
    () =>
      createTheme(themeOptions, {
        components: {
          MuiAutocomplete: {
            defaultProps: {
              openText: t('common.autocomplete.open'),
              closeText: t('common.autocomplete.close'),
              clearText: t('common.autocomplete.clear'),
              noOptionsText: t('common.autocomplete.noOptions'),
              loadingText: t('common.autocomplete.loading'),
            },
          },
        },
      }),
    [t],
  );
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}
