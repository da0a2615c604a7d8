import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../shared/i18n.ts';
import type { Locale } from '../../shared/locale.ts';

interface AgreementText {
  version: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** The data-processing agreement of the reader's language (web/public/locales/<lng>/). */
export function Agreement({ locale, headingLevel }: { locale: Locale; headingLevel: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const [text, setText] = useState<AgreementText | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/locales/${locale}/data-processing-agreement.json`)
      .then((response) => response.json() as Promise<AgreementText>)
      .then((loaded) => live && setText(loaded))
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [locale]);
  if (!text) return <Typography role="status">{t('common.loading')}</Typography>;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('dataProcessingAgreement.updated', { date: formatDate(text.version, locale) })}
      </Typography>
      {text.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mt: 2 }}>
          <Typography component={headingLevel} variant="h6">
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph.slice(0, 40)} sx={{ mt: 1 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
