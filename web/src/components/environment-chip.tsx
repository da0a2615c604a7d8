import { useTranslation } from '../shared/i18n.ts';

/** APP_ENV as the server wrote it into index.html (server/lib/web-app.ts); 'development' under Vite. */
function appEnv(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="app-env"]');
  return meta?.content || (import.meta.env.DEV ? 'development' : null);
}

/** Shown unless the environment is production, so nobody mistakes a test copy for the real one. */
export function EnvironmentChip() {
  const { t } = useTranslation();
  const env = appEnv();
  if (!env || env === 'production') return null;
  return (
    <span className="environment-chip" data-testid="environment-chip">
      {t('common.environment', { env })}
    </span>
  );
}
