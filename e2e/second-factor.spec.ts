import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpCode, totpStepAt } from '../server/auth/totp.ts';
import { BASE_URL, DEMO_PASSWORD } from './env.ts';
import { DEMO, expectAccessible, ownPerson, signIn } from './helpers.ts';

/** A unit admin of their own: their role requires a second factor. */
const ownUnitAdmin = (browser: Browser, lastName: string) =>
  ownPerson(browser, { firstName: 'Quirin', lastName, role: 'UNIT_ADMIN' });

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
}

test('a unit admin sets up an authenticator app at the first sign-in, then signs in with its codes and a recovery code', async ({
  browser,
  page,
}) => {
  const email = await ownUnitAdmin(browser, `App${Date.now() % 1_000_000}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await passwordStep(page, email);
  await expect(page).toHaveURL('/second-factor');
  await expect(page.getByRole('heading', { name: 'Configurez un second facteur' })).toBeVisible();
  // nothing else opens before it
  await page.goto('/profiles');
  await expect(page).toHaveURL('/second-factor?next=%2Fprofiles');

  await page.getByRole('button', { name: 'Utiliser une application d’authentification' }).click();
  await expect(page.getByRole('img', { name: /Code QR/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel(/^Code à 6 chiffres/).fill('000000');
  await page.getByRole('button', { name: 'Vérifier et enregistrer' }).click();
  await expect(page.getByText('Ce code est incorrect ou a déjà été utilisé.')).toBeVisible();
  const setupStep = totpStepAt(new Date());
  await page.getByLabel(/^Code à 6 chiffres/).fill(totpCode(secret, setupStep));
  await page.getByRole('button', { name: 'Vérifier et enregistrer' }).click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'J’ai conservé mes codes, continuer' }).click();
  // then the consent, then the page asked for
  await expect(page).toHaveURL(/\/accept-data-processing\?next=%2Fprofiles$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Accepter/ }).click();
  await expect(page).toHaveURL('/profiles');

  await signOut(page);
  await passwordStep(page, email);
  await expect(page.getByRole('heading', { name: 'Confirmez votre connexion' })).toBeVisible();
  await expectAccessible(page);
  const field = page.getByLabel(/^Code de votre application/);
  await field.fill(totpCode(secret, setupStep));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Ce code est incorrect ou a déjà été utilisé.')).toBeVisible();
  await field.fill(totpCode(secret, setupStep + 1));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page).toHaveURL('/');

  await signOut(page);
  await passwordStep(page, email);
  await page.getByLabel(/^Code de votre application/).fill(recovery);
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await expect(page.getByText('9 codes de secours restants.')).toBeVisible();
  await expect(page.getByTestId('second-factors')).toContainText(
    'Application d’authentification · application d’authentification',
  );
});

test('a passkey set up at the first sign-in confirms the next one; the last factor of the role stays', async ({
  browser,
}) => {
  const email = await ownUnitAdmin(browser, `Key${Date.now() % 1_000_000}`);
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Créer une clé d’accès' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'J’ai conservé mes codes, continuer' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Accepter/ }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/account');
  await expect(page.getByTestId('second-factors')).toContainText('Clé d’accès · clé d’accès');
  await expectAccessible(page);
  // the last factor of a role that requires one stays
  await page.getByRole('button', { name: 'Retirer Clé d’accès' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText(/Votre rôle exige un second facteur/).first()).toBeVisible();

  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
  await expect(page).toHaveURL('/');
  await context.close();
});

test('an admin resets a person’s second factor after confirming, and downloads their data', async ({
  browser,
  page,
}) => {
  const email = await ownUnitAdmin(browser, `Reset${Date.now() % 1_000_000}`);
  await signIn(page, DEMO.admin);
  const found = await page.request
    .get(`/api/profiles/?search=${encodeURIComponent(email)}`)
    .then((r) => r.json());
  await page.goto(`/profiles/${found.results[0].id}`);
  // an admin also downloads what the platform keeps about the person
  await expect(page.getByRole('heading', { name: 'Données de la personne' })).toBeVisible();
  const [readable] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger (PDF lisible)' }).click(),
  ]);
  expect(readable.suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByRole('button', { name: 'Réinitialiser le second facteur' }).click();
  await expect(page.getByRole('dialog')).toContainText('Elle en sera informée par e-mail');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Réinitialiser le second facteur' })
    .click();
  await expect(page.getByText('Le second facteur a été réinitialisé.').first()).toBeVisible();
});
