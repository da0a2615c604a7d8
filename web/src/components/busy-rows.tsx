import type { ReactNode } from 'react';
import { useTranslation } from '../shared/i18n.ts';

/**
 * Rows that stay on screen while the list reads the answer to a new question (another page,
 * filter or order): after a moment they dim and a status says the list is loading, so the rows
 * of the last answer never pass for the new one's. The status comes after the rows, so it can
 * float at the foot of the screen where the page buttons are, and outside their busy part, where
 * screen readers still announce it.
 */
export function BusyRows({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="busy-rows-content" aria-busy={busy}>
        {children}
      </div>
      <p role="status" className="busy-rows-status">
        {busy && <span>{t('common.loading')}</span>}
      </p>
    </div>
  );
}
