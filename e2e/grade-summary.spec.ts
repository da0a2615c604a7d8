import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { ROOT } from './env.ts';
import { apiPost, DEMO, expectAccessible, pdfText, signIn } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';

interface Summary {
  student: { id: number; first_name: string; last_name: string };
  groups: {
    module_type: string;
    average: string | null;
    is_insufficient: boolean;
    assessments: {
      assessment: number;
      module: { name: string };
      status: string;
      grade: string | null;
      is_insufficient: boolean;
    }[];
  }[];
  average: string | null;
}

type Messages = Record<string, Record<string, Record<string, string>>>;
const messages = async (locale: 'fr' | 'de'): Promise<Messages> =>
  JSON.parse(
    await readFile(path.join(ROOT, 'web/public/locales', locale, 'messages.json'), 'utf8'),
  ) as Messages;

/** A grade as the French pages and exports write it: one decimal, a comma. */
const fr = (grade: string) => Number(grade).toFixed(1).replace('.', ',');

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const demoStudentId = async (page: Page) => {
  await signIn(page, DEMO.student);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  await page.context().clearCookies();
  return me.profile;
};

const summaryOf = (page: Page, id: number) =>
  getJson<Summary>(page, `/api/profiles/${id}/grade-summary/`);

const bytesOf = async (download: Download) => readFile((await download.path())!);

async function sheetCells(data: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const cells: unknown[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value))));
  return cells;
}

const gradesOf = (summary: Summary) =>
  summary.groups.flatMap((g) => g.assessments.flatMap((a) => (a.grade ? [a.grade] : [])));

test('the student opens their grade summary from home: groups, averages, insufficient mark, chart', async ({
  page,
}) => {
  await signIn(page, DEMO.student);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  const summary = await summaryOf(page, me.profile);
  const name = `${summary.student.first_name} ${summary.student.last_name}`;
  const labels = (await messages('fr')).enums!;
  expect(summary.groups.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('link', { name: /Mon relevé de notes/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profiles/${me.profile}/grade-summary$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Relevé de notes de ${name}`);

  for (const group of summary.groups) {
    const section = page.getByRole('region', { name: labels.moduleType![group.module_type] });
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
    if (group.average)
      await expect(page.getByTestId(`average-${group.module_type}`)).toContainText(
        fr(group.average),
      );
    for (const entry of group.assessments) {
      // a module's name may begin another's ("… (février 2026 – juillet 2026)"): exact names
      const link = page.getByRole('link', { name: entry.module.name, exact: true });
      const row = section.getByRole('row').filter({ has: link });
      await expect(row.getByRole('link', { name: entry.module.name, exact: true })).toHaveAttribute(
        'href',
        `/assessments/${entry.assessment}`,
      );
      await expect(row).toContainText(labels.assessmentStatus![entry.status]!);
      if (entry.grade) await expect(row).toContainText(fr(entry.grade));
      if (entry.is_insufficient) await expect(row).toContainText('Insuffisant');
      else await expect(row).not.toContainText('Insuffisant');
    }
    // students see their validated and closed assessments only
    expect(group.assessments.every((a) => a.status !== 'IN_PROGRESS')).toBe(true);
  }
  const insufficient = summary.groups
    .flatMap((g) => g.assessments)
    .filter((a) => a.is_insufficient);
  expect(insufficient.length, 'the demo student has an insufficient grade').toBeGreaterThan(0);
  await expect(page.locator('[data-insufficient="true"]').first()).toContainText(
    'Insuffisant (note inférieure à 4)',
  );
  await expect(page.getByTestId('average-overall')).toContainText(fr(summary.average!));

  const chart = page.getByRole('img', { name: /^Graphique des notes/ });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('list', { name: 'Légende du graphique' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notes dans l’ordre des dates' });
  await expect(table.getByRole('row')).toHaveCount(gradesOf(summary).length + 1);
  await expectAccessible(page);
});

test('the student’s home page lists their latest graded assessments', async ({ page }) => {
  // (the demo's legal representative must keep the data-processing step for sign-in.spec.ts)
  await signIn(page, DEMO.student);
  const latest = await getJson<{
    results: { id: number; grade: string | null; module: { name: string } }[];
  }>(page, '/api/assessments/?ordering=-updated_at&limit=5');
  expect(latest.results.length, 'the demo student has validated assessments').toBeGreaterThan(0);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Dernières évaluations' });
  await expect(section.getByRole('listitem')).toHaveCount(latest.results.length);
  for (const [index, assessment] of latest.results.entries()) {
    const item = section.getByRole('listitem').nth(index);
    await expect(item.getByRole('link', { name: assessment.module.name })).toHaveAttribute(
      'href',
      `/assessments/${assessment.id}`,
    );
    if (assessment.grade) await expect(item).toContainText(`Note ${fr(assessment.grade)}`);
  }
  await expect(page.getByText('Rien à faire pour le moment')).toHaveCount(0);
  await expectAccessible(page);
});

test('the grade summary downloads as PDF and xlsx, holding the name and the grades', async ({
  page,
}) => {
  await signIn(page, DEMO.student);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  const summary = await summaryOf(page, me.profile);
  const grades = gradesOf(summary);
  await page.goto(`/profiles/${me.profile}/grade-summary`);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF', exact: true }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText(await bytesOf(pdf));
  expect(text).toContain(summary.student.last_name);
  expect(text).toContain(summary.student.first_name);
  expect(text).toContain(fr(grades[0]!));

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel (xlsx)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const cells = await sheetCells(await bytesOf(xlsx));
  const texts = cells.filter((v): v is string => typeof v === 'string').join('\n');
  expect(texts).toContain(summary.student.last_name);
  const numbers = cells.filter((v): v is number => typeof v === 'number');
  for (const grade of grades) expect(numbers).toContain(Number(grade));
});

test('the student downloads a validated assessment as PDF', async ({ page }) => {
  await signIn(page, DEMO.student);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  const summary = await summaryOf(page, me.profile);
  const validated = summary.groups
    .flatMap((g) => g.assessments)
    .find((a) => a.status === 'VALIDATED')!;
  expect(validated).toBeTruthy();

  await page.goto(`/assessments/${validated.assessment}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const data = await bytesOf(download);
  const text = await pdfText(data);
  expect(text).toContain(summary.student.last_name);
  expect(text).toContain(validated.module.name);
});

test('the course manager reads the demo student’s summary from the profile page, in German too', async ({
  page,
}) => {
  const studentId = await demoStudentId(page);
  await signIn(page, COURSE_MANAGER);
  const summary = await summaryOf(page, studentId);
  const name = `${summary.student.first_name} ${summary.student.last_name}`;

  await page.goto(`/profiles/${studentId}`);
  await page.getByRole('link', { name: 'Voir le relevé de notes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Relevé de notes de ${name}`);
  await expect(page.getByRole('img', { name: /^Graphique des notes/ })).toBeVisible();
  const entries = summary.groups.flatMap((g) => g.assessments);
  // the manager sees every included assessment, those in progress too
  await expect(page.getByRole('row').filter({ has: page.getByRole('link') })).toHaveCount(
    entries.length,
  );
  await expectAccessible(page);

  const de = await messages('de');
  await page.goto(`/de/profiles/${studentId}/grade-summary`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Notenübersicht von ${name}`);
  for (const group of summary.groups)
    await expect(
      page.getByRole('heading', { level: 2, name: de.enums!.moduleType![group.module_type] }),
    ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Notendiagramm/ })).toBeVisible();
  await expectAccessible(page);
});

test('a new student’s grade summary says there are no grades yet', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  const units = await getJson<{ results: { id: number }[] }>(page, '/api/units/');
  const student = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Noé',
    last_name: `Sansnote ${Date.now()}`,
    assignments: [{ unit: units.results[0]!.id, role: 'STUDENT' }],
  });
  await page.goto(`/profiles/${student.id}/grade-summary`);
  await expect(page.getByTestId('grade-summary-empty')).toHaveText(
    /^Aucune note dans le relevé pour le moment/,
  );
  await expect(page.getByRole('img', { name: /^Graphique des notes/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'PDF', exact: true })).toBeEnabled();
  await expectAccessible(page);
});

test('a summary the reader may not see says it is not found', async ({ page }) => {
  await signIn(page, DEMO.student);
  await page.goto('/profiles/999999/grade-summary');
  await expect(page.getByText('Relevé de notes introuvable.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PDF', exact: true })).toHaveCount(0);
});

test('on a 390 px phone the grade summary fits the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.student);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  await page.goto(`/profiles/${me.profile}/grade-summary`);
  const chart = page.getByRole('img', { name: /^Graphique des notes/ });
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: 'PDF', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Italian has the longest words ("Insufficiente", "Convalidata"): each table stays in its box
  await page.goto(`/it/profiles/${me.profile}/grade-summary`);
  const sections = page.getByRole('region').filter({ has: page.getByRole('table') });
  await expect(sections.first()).toBeVisible();
  for (const section of await sections.all()) {
    const outer = (await section.boundingBox())!;
    const table = (await section.getByRole('table').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  }
  await expect(page.locator('[data-insufficient="true"]').first()).toBeVisible();
});

test('the course manager downloads a cohort’s grade summaries as one ZIP, with progress', async ({
  page,
}) => {
  const studentId = await demoStudentId(page);
  await signIn(page, COURSE_MANAGER);
  const cohorts = await getJson<{
    results: { id: number; name: string; status: string; students: number[] }[];
  }>(page, '/api/cohorts/?limit=1000');
  const cohort = cohorts.results.find((c) => c.students.includes(studentId))!;
  expect(cohort, 'the demo student is in a demo cohort').toBeTruthy();
  const total = cohort.students.length;

  await page.goto('/cohorts');
  await page
    .getByRole('button', { name: `Télécharger les relevés de notes de la volée ${cohort.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Relevés de notes de la volée ${cohort.name}` });
  await expect(dialog.getByRole('checkbox', { name: 'PDF' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Excel (xlsx)' })).not.toBeChecked();

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Télécharger', exact: true }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe(`Relevés de notes ${cohort.name}.zip`);
  const progress = dialog.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', String(total));
  await expect(progress).toHaveAttribute('aria-valuemax', String(total));
  await expect(dialog).toContainText(`${total} / ${total}`);
  await expect(dialog).toContainText(
    `${total} ${total === 1 ? 'fichier enregistré' : 'fichiers enregistrés'}`,
  );
  await expectAccessible(page);

  const entries = unzipSync(new Uint8Array(await bytesOf(zip)));
  const names = Object.keys(entries);
  expect(names).toHaveLength(total);
  expect(names.every((n) => n.endsWith('.pdf'))).toBe(true);
  for (const data of Object.values(entries))
    expect(new TextDecoder().decode(data.subarray(0, 5))).toBe('%PDF-');
  const summary = await summaryOf(page, studentId);
  expect(names.some((n) => n.includes(summary.student.last_name))).toBe(true);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});

test('an instructor’s cohort ZIP holds the summaries of the students they assess only', async ({
  page,
}) => {
  await signIn(page, DEMO.instructor);
  const assessed = await getJson<{ results: { student: { id: number } }[] }>(
    page,
    '/api/assessments/?limit=1000',
  );
  const mine = new Set(assessed.results.map((a) => a.student.id));
  const cohorts = await getJson<{ results: { name: string; students: number[] }[] }>(
    page,
    '/api/cohorts/?limit=1000',
  );
  const cohort = cohorts.results.find((c) => c.students.some((id) => mine.has(id)))!;
  const expected = cohort.students.filter((id) => mine.has(id)).length;
  const others = cohort.students.length - expected;
  expect(others, 'the demo instructor assesses part of the cohort').toBeGreaterThan(0);

  await page.goto('/cohorts');
  await page
    .getByRole('button', { name: `Télécharger les relevés de notes de la volée ${cohort.name}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Les relevés des ${expected} apprenti·e·s`);
  await expect(dialog).toContainText(`Les ${others} autres apprenti·e·s de la volée`);
  await dialog.getByRole('checkbox', { name: 'PDF' }).uncheck();
  await expect(dialog.getByRole('button', { name: 'Télécharger', exact: true })).toBeDisabled();
  await expect(dialog).toContainText('Veuillez choisir au moins une valeur');
  await dialog.getByRole('checkbox', { name: 'Excel (xlsx)' }).check();

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Télécharger', exact: true }).click(),
  ]);
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(expected));
  await expect(dialog).not.toContainText('n’ont pas pu être établis');
  await expect(dialog).not.toContainText("n'ont pas pu être établis");
  const names = Object.keys(unzipSync(new Uint8Array(await bytesOf(zip))));
  expect(names).toHaveLength(expected);
  expect(names.every((n) => n.endsWith('.xlsx'))).toBe(true);
});

test('the student sees who read their grades: the reader, what and when', async ({ page }) => {
  const studentId = await demoStudentId(page);
  await signIn(page, COURSE_MANAGER);
  const me = await getJson<{ profile: number }>(page, '/api/users/me/');
  const manager = await getJson<{ first_name: string; last_name: string }>(
    page,
    `/api/profiles/${me.profile}/`,
  );
  const pdf = await page.request.get(`/api/profiles/${studentId}/grade-summary/pdf/`);
  expect(pdf.ok()).toBe(true);
  // the course manager has no read log of someone else's grades
  await page.goto(`/profiles/${studentId}/grade-summary`);
  await expect(page.getByTestId('average-overall')).toBeVisible();
  await expect(page.getByText('Qui a consulté ces notes')).toHaveCount(0);

  await signIn(page, DEMO.student);
  await page.goto(`/profiles/${studentId}/grade-summary`);
  await page.getByText('Qui a consulté ces notes').click();
  const reads = page.getByTestId('read-log').locator(':scope > li');
  await expect(
    reads.filter({ hasText: 'PDF du relevé de notes' }).filter({
      hasText: `par ${manager.first_name} ${manager.last_name}`,
    }),
  ).not.toHaveCount(0);
  await expectAccessible(page);
});
