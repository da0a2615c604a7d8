import { expect, test } from '@playwright/test';
import { apiPost, DEMO, lastMailTo, signIn } from './helpers.ts';

test('invitation mail → validate-invitation → set-password → login', async ({ page, browser }) => {
  const email = `invited-${Date.now()}@example.ch`;
  await signIn(page, DEMO.admin);
  const units = await (await page.request.get('/api/units/')).json();
  const unit = units.results[0].id as number;
  const profile = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Noemi',
    last_name: 'Bernasconi',
    email,
    kind: 'FEDERAL_VET_DIPLOMA_3_YEARS',
    language: 'it',
    assignments: [{ unit, role: 'STUDENT' }],
  });
  await apiPost(page, '/api/users/register/', { email, profile: profile.id });
  await apiPost(page, '/api/profiles/invite/', { profile: profile.id, unit });

  const mail = await lastMailTo(email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/validate-invitation\?token=[\w-]+/)?.[0];
  expect(link, mail).toBeTruthy();

  const invited = await browser.newContext({ locale: 'it-CH' });
  const tab = await invited.newPage();
  await tab.goto(link!);
  await expect(tab).toHaveURL(/\/set-password\?user=\d+&token=/);
  const setPasswordLink = tab.url();
  await tab.getByLabel('Nuova password').fill('Ticino-Mendrisio-2026');
  await tab.getByLabel('Conferma la password').fill('Ticino-Mendrisio-2026');
  await tab.getByRole('button', { name: 'Salva la password' }).click();

  await expect(tab).toHaveURL(/\/login$/);
  await tab.getByLabel('Indirizzo e-mail').fill(email);
  await tab.getByLabel('Password').fill('Ticino-Mendrisio-2026');
  await tab.getByRole('button', { name: 'Accedi' }).click();
  await expect(tab).toHaveURL(/\/accept-data-processing$/);

  await invited.close();

  // the used link, opened again later, says so when its page opens, before anything is typed
  const later = await browser.newContext({ locale: 'it-CH' });
  const again = await later.newPage();
  await again.goto(setPasswordLink);
  await expect(again.getByText('Questo link è già stato usato o è scaduto')).toBeVisible();
  await expect(again.getByLabel('Nuova password')).toHaveCount(0);
  await later.close();
});

test('a new address moves the login only from the link mailed to it', async ({ page, browser }) => {
  const email = `moving-${Date.now()}@example.ch`;
  const newEmail = `moved-${Date.now()}@example.ch`;
  await signIn(page, DEMO.admin);
  const units = await (await page.request.get('/api/units/')).json();
  const profile = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Aurélie',
    last_name: 'Dubois',
    email,
    language: 'fr',
    assignments: [{ unit: units.results[0].id, role: 'INSTRUCTOR' }],
  });
  await apiPost(page, '/api/users/register/', {
    email,
    profile: profile.id,
    password: 'Lausanne-Ouchy-2026',
  });

  await page.goto(`/profiles/${profile.id}/edit`);
  await page.getByLabel('Adresse e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText(`Un lien de confirmation a été envoyé à ${newEmail}`).first(),
  ).toBeVisible();

  const mail = await lastMailTo(newEmail);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/confirm-email\?token=[\w-]+/)?.[0];
  expect(link, mail).toBeTruthy();
  const owner = await browser.newContext({ locale: 'fr-CH' });
  const tab = await owner.newPage();
  await tab.goto(link!);
  await expect(tab.getByText('Votre nouvelle adresse est confirmée')).toBeVisible();
  await tab.getByRole('link', { name: 'Aller à la connexion' }).click();
  await tab.getByLabel('Adresse e-mail').fill(newEmail);
  await tab.getByLabel('Mot de passe').fill('Lausanne-Ouchy-2026');
  await tab.getByRole('button', { name: 'Se connecter' }).click();
  await expect(tab).toHaveURL(/\/accept-data-processing$/);
  await owner.close();
});
