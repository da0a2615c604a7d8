import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD, ROOT } from './env.ts';
import {
  apiPatch,
  apiPost,
  DEMO,
  expectAccessible,
  lastMailTo,
  pdfText,
  prefix,
  signIn,
  type Locale,
} from './helpers.ts';

const PHONE = { width: 390, height: 844 };
const COURSE_MANAGER = 'course-manager@demo.example.ch';

/** A message of the web app in `locale`, its {placeholders} filled (the screens' own words). */
function wordsOf(locale: Locale) {
  const file = path.join(ROOT, 'web/public/locales', locale, 'messages.json');
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as never)?.[part], messages);
    if (typeof found !== 'string') throw new Error(`No message ${key} in ${locale}`);
    // a plural message: its `other` form, enough for the counts these tests say
    const plural = /\{\w+, plural,.*other \{([^}]*)\}\s*\}/.exec(found);
    const text = plural ? plural[1]!.replace('#', String(values['count'])) : found;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A person of their own in Lausanne, with a login (the demo password) unless told otherwise. */
async function person(page: Page, fields: Record<string, unknown>, email: string, login = true) {
  const profile = await apiPost<{ id: number }>(page, '/api/profiles/', { ...fields, email });
  if (login)
    await apiPost(page, '/api/users/register/', {
      email,
      profile: profile.id,
      password: DEMO_PASSWORD,
    });
  return profile.id;
}

/**
 * As the demo admin: a minor apprentice of Lausanne with a legal representative, both with a
 * login, and two training reports from the unit's template in groups the demo instructor leads:
 * last semester's (ended in July) and the current one.
 */
async function apprenticeWithReports(
  browser: Browser,
  locale: Locale,
  tag: string,
  parentLogin = true,
) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const lookup = (email: string) =>
    page.request
      .get(`/api/profiles/?search=${encodeURIComponent(email)}`)
      .then((r) => r.json())
      .then(
        (found: { results: { id: number; email: string | null }[] }) =>
          found.results.find((p) => p.email === email)!.id,
      );
  const instructor = await lookup(DEMO.instructor);
  const parentEmail = `parent-${tag}@example.ch`.toLowerCase();
  const studentEmail = `apprentice-${tag}@example.ch`.toLowerCase();
  const parent = await person(
    page,
    {
      first_name: 'Sabine',
      last_name: tag,
      language: locale,
      assignments: [{ unit, role: 'LEGAL_REPRESENTATIVE' }],
    },
    parentEmail,
    parentLogin,
  );
  await person(
    page,
    {
      first_name: 'Lina',
      last_name: tag,
      language: locale,
      birth_date: isoDay(-16 * 366),
      legal_representatives: [parent],
      assignments: [{ unit, role: 'STUDENT' }],
    },
    studentEmail,
  );
  const student = await lookup(studentEmail);
  const templates = await page.request
    .get(`/api/modules/templates/?unit=${unit}&status=ACTIVE&module_type=TRAINING_REPORT`)
    .then((r) => r.json());
  const year = new Date().getUTCFullYear() - (new Date().getUTCMonth() >= 7 ? 0 : 1);
  const reports: number[] = [];
  for (const [name, start, end] of [
    [`Previous ${tag}`, `${year}-02-01`, `${year}-07-15`],
    [`Current ${tag}`, isoDay(-60), isoDay(-1)],
  ] as const) {
    const module = await apiPost<{ id: number }>(
      page,
      `/api/modules/templates/${templates.results[0].id}/instanciate/`,
      { name, start_date: start, end_date: end },
    );
    const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
      name: `Groupe ${tag}`,
      module: module.id,
      instructors: [instructor],
    });
    const assessment = await apiPost<{ id: number }>(
      page,
      `/api/modules/instances/${module.id}/instanciate/`,
      { module: module.id, group: group.id, student },
    );
    reports.push(assessment.id);
  }
  await context.close();
  return { studentEmail, parentEmail, previous: reports[0]!, current: reports[1]! };
}

/** As the demo instructor, by the API: last semester's report with a goal, validated; and the
 * trainer's GOOD on the current report's first criterion. */
async function previousReportWithGoal(page: Page, previous: number, current: number) {
  await apiPost(page, `/api/assessments/${previous}/goals/`, {
    goal: 'Answer the phone alone',
    measure: 'Two calls a day',
    responsible: 'STUDENT',
  });
  await apiPost(page, `/api/assessments/${previous}/validate/`, {});
  const detail = await page.request.get(`/api/assessments/${current}/`).then((r) => r.json());
  const first = detail.blocks[0].criteria[0];
  await apiPatch(page, `/api/assessments/criteria/evaluations/${first.evaluation.id}/`, {
    version: detail.version,
    evaluation: 'GOOD',
  });
  return first.name as string;
}

for (const locale of ['fr', 'de', 'it'] as const) {
  test(`the training report cycle, from self-assessment to three signatures (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const say = wordsOf(locale);
    const at = (pathname: string) => `${prefix(locale)}${pathname}`;
    const tag = `Tr${locale}${Date.now() % 1_000_000}`;
    const people = await apprenticeWithReports(browser, locale, tag);

    const trainer = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await signIn(trainer, DEMO.instructor);
    const criterion = await previousReportWithGoal(trainer, people.previous, people.current);

    // the apprentice assesses themselves on a phone, from their home page
    const apprentice = await (
      await browser.newContext({ baseURL: BASE_URL, viewport: PHONE })
    ).newPage();
    await signIn(apprentice, people.studentEmail);
    await apiPost(apprentice, '/api/users/me/accept-data-processing/', {});
    await apprentice.goto(at('/'));
    await apprentice
      .getByRole('link', { name: say('awaiting.selfAssessment', { module: `Current ${tag}` }) })
      .click();
    await expect(
      apprentice.getByRole('heading', { level: 1, name: say('selfAssessment.title') }),
    ).toBeVisible();
    const first = apprentice.getByRole('region', { name: criterion });
    await first.getByRole('radio', { name: say('enums.evaluationLevel.INSUFFICIENT') }).check();
    await first
      .getByRole('textbox', { name: say('selfAssessment.myComment', { name: criterion }) })
      .fill('I still ask for help');
    await apprentice
      .getByRole('textbox', { name: say('selfAssessment.view') })
      .fill('The customer weeks helped me most.');
    await expectAccessible(apprentice);
    const width = await apprentice.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await apprentice.getByRole('button', { name: say('selfAssessment.submit') }).click();
    const confirm = apprentice.getByRole('dialog', { name: say('selfAssessment.confirmTitle') });
    await confirm.getByRole('button', { name: say('selfAssessment.submit') }).click();
    await expect(apprentice.getByText(say('selfAssessment.submitted')).first()).toBeVisible();
    await expect(
      first.getByRole('radio', { name: say('enums.evaluationLevel.GOOD') }),
    ).toBeDisabled();

    // the instructor discusses it side by side, reviews the carried goal, adds one, validates
    await trainer.goto(at(`/assessments/${people.current}`));
    const sideBySide = trainer.getByRole('region', { name: say('sideBySide.title') });
    await expect(sideBySide.getByText('I still ask for help')).toBeVisible();
    await expect(sideBySide.getByText(say('sideBySide.gap', { count: 2 }))).toBeVisible();
    await expect(sideBySide.getByText('The customer weeks helped me most.')).toBeVisible();
    const goals = trainer.getByRole('region', { name: say('goals.title') });
    await expect(goals.getByText(say('goals.reviewBeforeValidation'))).toBeVisible();
    await goals.getByRole('combobox', { name: say('goals.review') }).click();
    await trainer.getByRole('option', { name: say('enums.goalReview.PARTLY_ACHIEVED') }).click();
    await goals
      .getByRole('textbox', { name: say('goals.reviewComment') })
      .fill('Alone on Mondays already');
    await goals.getByRole('button', { name: say('goals.saveReview') }).click();
    await expect(goals.getByText(say('goals.reviewBeforeValidation'))).toHaveCount(0);
    await goals.getByRole('button', { name: say('goals.add') }).click();
    const dialog = trainer.getByRole('dialog', { name: say('goals.addTitle') });
    await dialog.getByRole('textbox', { name: say('goals.goal') }).fill('Lead a customer meeting');
    await dialog.getByRole('textbox', { name: say('goals.measure') }).fill('Prepare it together');
    await dialog.getByRole('button', { name: say('goals.save') }).click();
    await expect(goals.getByText('Lead a customer meeting')).toBeVisible();
    await expectAccessible(trainer);
    await trainer.getByRole('button', { name: say('assessment.actions.validate') }).click();
    await trainer
      .getByRole('dialog', { name: say('assessment.validateConfirm.title') })
      .getByRole('button', { name: say('assessment.actions.validate') })
      .click();
    const signOff = trainer.getByRole('region', { name: say('signOff.title') });
    await expect(
      signOff.getByText(say('signOff.progress', { signed: 0, required: 3 })),
    ).toBeVisible();
    await signOff.getByRole('button', { name: say('signOff.sign') }).click();
    await trainer
      .getByRole('dialog', { name: say('signOff.sign') })
      .getByRole('button', { name: say('signOff.confirm') })
      .click();
    await expect(
      signOff.getByText(say('signOff.progress', { signed: 1, required: 3 })),
    ).toBeVisible();

    // the apprentice, then the legal representative, each led to it from their home page
    for (const [email, role] of [
      [people.studentEmail, 'STUDENT'],
      [people.parentEmail, 'LEGAL_REPRESENTATIVE'],
    ] as const) {
      const page =
        role === 'STUDENT'
          ? apprentice
          : await (await browser.newContext({ baseURL: BASE_URL, viewport: PHONE })).newPage();
      if (role !== 'STUDENT') {
        await signIn(page, email);
        await apiPost(page, '/api/users/me/accept-data-processing/', {});
      }
      await page.goto(at('/'));
      await page
        .getByRole('link', { name: say('awaiting.signature', { module: `Current ${tag}` }) })
        .click();
      const region = page.getByRole('region', { name: say('signOff.title') });
      await region.getByRole('button', { name: say('signOff.sign') }).click();
      const signing = page.getByRole('dialog', { name: say('signOff.sign') });
      await signing.getByRole('textbox', { name: say('signOff.comment') }).fill(`Read ${role}`);
      await expectAccessible(page);
      await signing.getByRole('button', { name: say('signOff.confirm') }).click();
      await expect(region.getByText(new RegExp(`Read ${role}`))).toBeVisible();
    }
    await trainer.reload();
    await expect(signOff.getByText(say('signOff.complete'))).toBeVisible();

    // the PDF, in the reader's language, holds both evaluations, the goals, the view, the names
    const pdf = await trainer.request.get(`/api/assessments/${people.current}/pdf/`, {
      headers: { 'accept-language': locale },
    });
    const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
    for (const expected of [
      'I still ask for help',
      'Answer the phone alone',
      'Alone on Mondays already',
      'Lead a customer meeting',
      'The customer weeks helped me most.',
      `Lina ${tag}`,
      `Sabine ${tag}`,
      'Read LEGAL_REPRESENTATIVE',
    ])
      expect(text).toContain(expected);

    // the due reports: this apprentice signed this semester; last semester has overdue ones
    const manager = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
    await signIn(manager, COURSE_MANAGER);
    await manager.goto(at('/training-reports/due'));
    await expect(
      manager.getByRole('heading', { level: 1, name: say('dueReports.title') }),
    ).toBeVisible();
    const list = manager.getByRole('list', { name: say('dueReports.title') });
    const row = list.getByRole('listitem').filter({ hasText: `Lina ${tag}` });
    await expect(row.getByText(say('enums.dueReportState.SIGNED'))).toBeVisible();
    await expectAccessible(manager);
    await manager.getByRole('combobox', { name: say('dueReports.state') }).selectOption('OVERDUE');
    await manager
      .getByRole('combobox', { name: say('dueReports.semester') })
      .selectOption({ index: 1 });
    await expect(list.getByRole('listitem').first()).toContainText(
      say('enums.dueReportState.OVERDUE'),
    );
  });
}

test('a legal representative without a login signs from the link mailed to them', async ({
  browser,
  page,
}) => {
  const say = wordsOf('fr');
  const tag = `Tl${Date.now() % 1_000_000}`;
  const people = await apprenticeWithReports(browser, 'fr', tag, false);
  const trainer = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await signIn(trainer, DEMO.instructor);
  await apiPost(trainer, `/api/assessments/${people.previous}/validate/`, {});
  const mail = await lastMailTo(people.parentEmail);
  expect(mail).not.toContain(tag);
  const link = /(http:\/\/\S+\/sign-report\?token=[\w-]+)/.exec(mail)![1]!;
  await page.setViewportSize(PHONE);
  await page.goto(link.replace(/^http:\/\/[^/]+/, BASE_URL));
  await expect(page.getByRole('heading', { name: say('signReport.title') })).toBeVisible();
  await expect(page.getByText(`Previous ${tag}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: say('signOff.comment') }).fill('Lu et discuté');
  await page.getByRole('button', { name: say('signOff.confirm') }).click();
  await expect(page.getByText(say('signReport.done'))).toBeVisible();
  const detail = await trainer.request
    .get(`/api/assessments/${people.previous}/`)
    .then((r) => r.json());
  expect(detail.signatures).toEqual([
    expect.objectContaining({ role: 'LEGAL_REPRESENTATIVE', comment: 'Lu et discuté' }),
  ]);
  // the link worked once
  await page.reload();
  await expect(page.getByText(/Ce lien ne fonctionne plus/)).toBeVisible();
});

test('two filters of the due reports chosen before the page draws again both hold', async ({
  page,
}) => {
  await signIn(page, COURSE_MANAGER);
  await page.goto('/training-reports/due');
  await expect(page.getByRole('combobox', { name: 'État' })).toBeVisible();
  // both changes in one task: the second must not start from the address the page last drew
  await page.evaluate(() => {
    const select = (label: string) =>
      [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent === label)!;
    const state = select('État');
    state.value = 'OVERDUE';
    state.dispatchEvent(new Event('change', { bubbles: true }));
    const semester = select('Semestre');
    semester.selectedIndex = 1;
    semester.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page).toHaveURL(/state=OVERDUE/);
  await expect(page).toHaveURL(/semester=\d{4}-[12]/);
  await expect(page.getByRole('combobox', { name: 'État' })).toHaveValue('OVERDUE');
});
