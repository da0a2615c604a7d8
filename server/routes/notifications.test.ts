import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { swissDay } from '../../domain/school-calendar.ts';
import type { NotificationItem } from '../../domain/schemas/notifications.ts';
import { mailOutbox, notifications, profiles, users } from '../db/schema/index.ts';
import { mailNotifications } from '../notifications/mail-dispatch.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import {
  addLegalRepresentative,
  assessmentWorld,
  createAssessment,
  signIn,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
const ORIGIN = 'https://evaluanda.example.ch';

beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN: ORIGIN });
  w = await assessmentWorld(t);
});
afterAll(() => t.close());

/** A new student (with a legal representative) whose assessment the instructor validates. */
async function validated(grade: string, birthDate: string | null = null, language?: 'de') {
  const student = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
  if (language) await w.db.update(users).set({ language }).where(eq(users.id, student.userId));
  const parent = await signIn(t, [{ role: 'LEGAL_REPRESENTATIVE', unitId: w.unitA.id }]);
  await addLegalRepresentative(w.db, student.profileId, parent.profileId);
  await w.db.update(profiles).set({ birthDate }).where(eq(profiles.id, student.profileId));
  const assessment = await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: student.profileId,
    grade,
  });
  const response = await w.people.instructor.client.post(
    `/api/assessments/${assessment.id}/validate/`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return { student, parent, assessment };
}

async function inbox(client: ApiClient, query = '') {
  const response = await client.get(`/api/notifications/?limit=1000${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number; results: NotificationItem[] }>().results;
}
const toldAbout = async (client: ApiClient, assessmentId: number) =>
  (await inbox(client)).filter((n) => n.assessment_id === assessmentId).map((n) => n.kind);

const yearsAgo = (years: number, days = 0) => {
  const [y, m, d] = swissDay(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('who is told of a validation', () => {
  it('tells the student and the legal representative of a minor, not the staff', async () => {
    const { student, parent, assessment } = await validated('5', yearsAgo(16));
    expect(await toldAbout(student.client, assessment.id)).toEqual(['ASSESSMENT_VALIDATED']);
    expect(await toldAbout(parent.client, assessment.id)).toEqual(['ASSESSMENT_VALIDATED']);
    for (const who of ['courseManager', 'instructor', 'unitAdmin', 'otherCourseManager'] as const)
      expect(await toldAbout(w.people[who].client, assessment.id)).toEqual([]);
  });

  it('tells the course managers of the unit too when the grade is below 4, 3.9 but not 4', async () => {
    const low = await validated('3.9');
    for (const client of [low.student.client, low.parent.client, w.people.courseManager.client])
      expect(await toldAbout(client, low.assessment.id)).toEqual(['INSUFFICIENT_GRADE']);
    expect(await toldAbout(w.people.otherCourseManager.client, low.assessment.id)).toEqual([]);
    const enough = await validated('4');
    expect(await toldAbout(w.people.courseManager.client, enough.assessment.id)).toEqual([]);
    expect(await toldAbout(enough.student.client, enough.assessment.id)).toEqual([
      'ASSESSMENT_VALIDATED',
    ]);
  });

  it('leaves out the legal representative from the student’s 18th birthday on', async () => {
    const adult = await validated('5', yearsAgo(18));
    expect(await toldAbout(adult.parent.client, adult.assessment.id)).toEqual([]);
    expect(await toldAbout(adult.student.client, adult.assessment.id)).toHaveLength(1);
    const minor = await validated('5', yearsAgo(18, 1));
    expect(await toldAbout(minor.parent.client, minor.assessment.id)).toHaveLength(1);
  });
});

describe('the inbox', () => {
  it('counts the unread, marks one and then all read, and never another person’s', async () => {
    const { student, parent } = await validated('5');
    await validated('5'); // someone else's
    const unread = async (client: ApiClient) =>
      (await client.get('/api/notifications/unread-count/')).json<{ unread: number }>().unread;
    expect(await unread(student.client)).toBe(1);
    const [mine] = await inbox(student.client);
    expect(mine!.student!.id).toBe(student.profileId);
    expect(mine!.params.module_name).toBe(w.module.name);
    const theirs = await parent.client.post(`/api/notifications/${mine!.id}/read/`);
    expect(theirs.statusCode).toBe(404);
    expect(await unread(student.client)).toBe(1);
    expect((await student.client.post(`/api/notifications/${mine!.id}/read/`)).statusCode).toBe(
      204,
    );
    expect(await unread(student.client)).toBe(0);
    expect(await inbox(student.client, '&unread=true')).toEqual([]);
    expect(await unread(parent.client)).toBe(1);
    expect((await parent.client.post('/api/notifications/read-all/')).statusCode).toBe(204);
    expect(await unread(parent.client)).toBe(0);
  });
});

describe('mails of notifications', () => {
  const mailsTo = (to: string) => t.mail.sent.filter((m) => m.to === to);

  it('mails at once in the person’s language, with a link to the assessment and to stop', async () => {
    const { student, assessment } = await validated('5.5');
    const [login] = await w.db.select().from(users).where(eq(users.id, student.userId));
    const other = await validated('5', null, 'de');
    const [mail] = mailsTo(login!.email);
    expect(mail!.subject).toBe('Une évaluation a été validée');
    expect(mail!.text).toContain(`${ORIGIN}/assessments/${assessment.id}`);
    expect(mail!.text).toMatch(new RegExp(`${ORIGIN}/unsubscribe\\?token=[\\w-]+`));
    const [profile] = await w.db.select().from(profiles).where(eq(profiles.id, student.profileId));
    expect(mail!.text).not.toContain(profile!.lastName);
    expect(mail!.text).not.toContain('5.5');
    const [german] = mailsTo(
      (await w.db.select().from(users).where(eq(users.id, other.student.userId)))[0]!.email,
    );
    expect(german!.subject).toBe('Eine Beurteilung wurde validiert');
    expect(german!.text).toContain(`${ORIGIN}/de/assessments/${other.assessment.id}`);
  });

  it('writes in the language the person chose in their account', async () => {
    const student = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    const chosen = await student.client.patch('/api/users/me/', { language: 'it' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().language).toBe('it');
    expect((await student.client.patch('/api/users/me/', { language: 'en' })).statusCode).toBe(400);
    const a = await createAssessment(w.db, {
      moduleId: w.module.id,
      groupId: w.group.id,
      studentId: student.profileId,
      grade: '5',
    });
    await w.people.instructor.client.post(`/api/assessments/${a.id}/validate/`);
    const [login] = await w.db.select().from(users).where(eq(users.id, student.userId));
    expect(t.mail.last(login!.email)!.subject).toBe('Una valutazione è stata convalidata');
  });

  it('sends nothing for a kind set to never, and a week’s notices in one digest on Monday', async () => {
    const student = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    const [login] = await w.db.select().from(users).where(eq(users.id, student.userId));
    const set = await student.client.patch('/api/users/me/notification-preferences/', {
      ASSESSMENT_VALIDATED: 'WEEKLY',
      INSUFFICIENT_GRADE: 'NEVER',
    });
    expect(set.json()).toEqual({
      ASSESSMENT_VALIDATED: 'WEEKLY',
      INSUFFICIENT_GRADE: 'NEVER',
      SIGNATURE_AWAITED: 'AT_ONCE',
    });
    const ids: number[] = [];
    for (const grade of ['5', '4.5', '3']) {
      const a = await createAssessment(w.db, {
        moduleId: w.module.id,
        groupId: w.group.id,
        studentId: student.profileId,
        grade,
      });
      await w.people.instructor.client.post(`/api/assessments/${a.id}/validate/`);
      ids.push(a.id);
    }
    expect(mailsTo(login!.email)).toEqual([]);
    // on the next Monday (Swiss time), the week's two validations, once
    const rows = await w.db
      .select({ createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.recipientId, student.profileId));
    const monday = nextMonday(rows[0]!.createdAt);
    await mailNotifications(w.db, ORIGIN, new Date(monday.getTime() - 60_000));
    expect(await outboxTo(login!.email)).toHaveLength(0);
    await mailNotifications(w.db, ORIGIN, monday);
    await mailNotifications(w.db, ORIGIN, new Date(monday.getTime() + 3_600_000));
    const digests = await outboxTo(login!.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Votre résumé hebdomadaire : 2 notifications');
    for (const id of ids.slice(0, 2)) expect(digests[0]!.text).toContain(`/assessments/${id}\n`);
    expect(digests[0]!.text).not.toContain(`/assessments/${ids[2]}\n`);
  });

  it('never mails one notification twice when two processes dispatch at once', async () => {
    const { student } = await validated('5');
    const { student: second } = await validated('4.5');
    const emails = await w.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.id, [student.userId, second.userId]));
    await Promise.all([
      mailNotifications(w.db, ORIGIN),
      mailNotifications(w.db, ORIGIN),
      mailNotifications(w.db, ORIGIN),
    ]);
    for (const { email } of emails) expect(await outboxTo(email)).toHaveLength(1);
  });
});

describe('unsubscribing from a mail', () => {
  it('needs no sign-in and sets only that person’s preference for that kind to never', async () => {
    const { student, parent } = await validated('5');
    await t.app.outbox.drain();
    const [login] = await w.db.select().from(users).where(eq(users.id, student.userId));
    const token = /unsubscribe\?token=([\w-]+)/.exec(t.mail.last(login!.email)!.text)![1]!;
    const anonymous = t.client();
    const response = await anonymous.post('/api/notifications/unsubscribe/', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kind: 'ASSESSMENT_VALIDATED' });
    const preferences = await student.client.get('/api/users/me/notification-preferences/');
    expect(preferences.json()).toEqual({
      ASSESSMENT_VALIDATED: 'NEVER',
      INSUFFICIENT_GRADE: 'AT_ONCE',
      SIGNATURE_AWAITED: 'AT_ONCE',
    });
    const theirs = await parent.client.get('/api/users/me/notification-preferences/');
    expect(theirs.json().ASSESSMENT_VALIDATED).toBe('AT_ONCE');
  });

  it('refuses an unknown token with the reason, changing nothing', async () => {
    const anonymous = t.client();
    anonymous.language = 'it';
    const response = await anonymous.post('/api/notifications/unsubscribe/', { token: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('non è valido');
  });

  it('offers each person the kinds their roles can receive', async () => {
    const of = async (who: keyof AssessmentWorld['people']) =>
      Object.keys(
        (await w.people[who].client.get('/api/users/me/notification-preferences/')).json(),
      );
    expect(await of('courseManager')).toEqual(['INSUFFICIENT_GRADE', 'AT_RISK']);
    expect(await of('representative')).toEqual([
      'ASSESSMENT_VALIDATED',
      'INSUFFICIENT_GRADE',
      'SIGNATURE_AWAITED',
    ]);
    expect(await of('instructor')).toEqual(['DUE_REPORTS', 'SIGNATURE_AWAITED']);
    expect(await of('admin')).toEqual([]);
  });

  it('refuses an unknown kind or frequency in the preferences', async () => {
    const response = await w.people.student.client.patch(
      '/api/users/me/notification-preferences/',
      { ASSESSMENT_VALIDATED: 'DAILY' },
    );
    expect(response.statusCode).toBe(400);
    const unknown = await w.people.student.client.patch('/api/users/me/notification-preferences/', {
      BIRTHDAY: 'NEVER',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

function outboxTo(email: string) {
  return w.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'notification-digest')))
    .then((digests) =>
      digests.length > 0
        ? digests
        : w.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)),
    );
}

/** 00:00 Swiss time on the Monday after `moment`. */
function nextMonday(moment: Date): Date {
  for (let day = 1; day <= 7; day++) {
    const candidate = new Date(moment.getTime() + day * 86_400_000);
    const weekday = new Intl.DateTimeFormat('en', {
      timeZone: 'Europe/Zurich',
      weekday: 'short',
    }).format(candidate);
    if (weekday !== 'Mon') continue;
    const [y, m, d] = swissDay(candidate).split('-').map(Number) as [number, number, number];
    // midnight in Zurich is 23:00 or 22:00 UTC the day before
    for (const offset of [1, 2]) {
      const utc = new Date(Date.UTC(y, m - 1, d) - offset * 3_600_000);
      if (
        swissDay(utc) === swissDay(candidate) &&
        swissDay(new Date(utc.getTime() - 1)) !== swissDay(candidate)
      )
        return utc;
    }
  }
  throw new Error('no Monday');
}
