import { expect, test } from '@playwright/test';
import { DEMO, prefix, signIn } from './helpers.ts';

const TEXT = {
  fr: {
    notFound: 'Page introuvable : ',
    notAllowed: "Vous n'avez pas l'autorisation d'accéder à cette page.",
    home: "Retour à l'accueil",
  },
  de: {
    notFound: 'Seite nicht gefunden: ',
    notAllowed: 'Sie sind nicht berechtigt, diese Seite aufzurufen.',
    home: 'Zurück zur Startseite',
  },
  it: {
    notFound: 'Pagina non trovata: ',
    notAllowed: "Non ha l'autorizzazione per accedere a questa pagina.",
    home: 'Torna alla pagina iniziale',
  },
} as const;

for (const locale of ['fr', 'de', 'it'] as const) {
  test(`404 and 403 pages in ${locale}`, async ({ page }) => {
    const missing = `${prefix(locale)}/no-such-page`;
    await page.goto(missing);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText(
      `${TEXT[locale].notFound}${missing}`,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveTitle(/ - Evaluanda$/);

    await signIn(page, DEMO.student);
    await page.goto(`${prefix(locale)}/profiles`);
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expect(page.getByTestId('error-message')).toHaveText(TEXT[locale].notAllowed);
    await expect(page.getByRole('img', { name: /Evaluanda/ })).toBeVisible();
    const home = page.getByRole('link', { name: TEXT[locale].home });
    await expect(home).toHaveAttribute('href', prefix(locale) || '/');

    const chip = page.getByTestId('version-chip');
    await expect(chip).toContainText(/Backend: localhost:\d+ \| v\d+\.\d+\.\d+/);
    await expect(chip).toContainText(/Frontend: v\d+\.\d+\.\d+/);
    await expect(chip).toHaveAttribute('href', '/api/changelog/');
    await expect(chip).toHaveAttribute('target', '_blank');

    await home.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(prefix(locale) || '/');
  });
}

test('an id that is not a number is an invalid route', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/de/profiles/abc');
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByTestId('error-message')).toHaveText(
    'Seite nicht gefunden: /de/profiles/abc',
  );
});
