import { useEffect, useState } from 'react';
import { useTranslation } from '../shared/i18n.ts';
import { api } from '../shared/api-client.ts';
import { publicConfig } from '../shared/config.ts';

const backendHost = () => new URL(publicConfig.apiBaseURL, window.location.href).host;

/** 'Backend: {host} | v{version}' and 'Frontend: v{appVersion}', linking to the changelog. */
export function VersionChip() {
  const { t } = useTranslation();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<{ version: string }>('/about/')
      .then((about) => live && setVersion(about.version))
      .catch(() => live && setVersion('?'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <a
      className="version-chip"
      href={`${publicConfig.apiBaseURL}/changelog/`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="version-chip"
    >
      <span>{t('version.backend', { host: backendHost(), version: version ?? '…' })}</span>
      <span aria-hidden="true"> · </span>
      <span>{t('version.frontend', { appVersion: publicConfig.appVersion })}</span>
      <span className="visually-hidden"> ({t('version.changelog')})</span>
    </a>
  );
}
