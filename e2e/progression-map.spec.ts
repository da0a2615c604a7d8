import { expect, test } from '@playwright/test';
import { expectAccessible, prefix, signIn } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';

const TEXTS = {
  fr: { button: 'Carte de progression', student: 'Apprenti·e', download: 'Télécharger (xlsx)' },
  de: { button: 'Fortschrittsübersicht', student: 'Lernende/r', download: 'Herunterladen (xlsx)' },
  it: {
    button: 'Mappa dei progressi',
    student: 'Persona in formazione',
    download: 'Scaricare (xlsx)',
  },
} as const;

for (const locale of ['fr', 'de', 'it'] as const) {
  test(`a course manager reads a training plan's progression map (${locale})`, async ({ page }) => {
    const texts = TEXTS[locale];
    await signIn(page, COURSE_MANAGER);
    const modules = await page.request
      .get('/api/modules/instances/?module_type=TRAINING_PLAN&limit=1')
      .then((r) => r.json());
    await page.goto(`${prefix(locale)}/modules/${modules.results[0].id}`);
    await page.getByRole('link', { name: texts.button }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(texts.button);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: texts.student })).toBeVisible();
    // every row is a student, named in its row header; a reached stage is written in the cell
    const rows = table.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(2);
    await expect(table.getByRole('rowheader').first()).not.toBeEmpty();
    await expect(
      table
        .getByRole('cell')
        .filter({ hasText: /\p{L}{4,}/u })
        .first(),
    ).toBeVisible();
    // the scrolling frame takes the keyboard's focus
    await page.getByRole('region', { name: texts.button }).focus();
    await expect(page.getByRole('region', { name: texts.button })).toBeFocused();
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.download }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
}
