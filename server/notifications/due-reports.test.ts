import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { semesterOf } from '../../domain/school-calendar.ts';
import { assessments, notifications } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { dueReportReminders, noticeDueReports, reminderSemesters } from './due-reports.ts';

let t: TestApp;
let w: AssessmentWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
});
afterAll(() => t.close());

describe('which semesters instructors are reminded of', () => {
  it('the due one always, the current one in its last 14 days', () => {
    expect(reminderSemesters('2026-11-26')).toEqual([{ start: '2026-02-01', end: '2026-07-31' }]);
    expect(reminderSemesters('2027-01-17')).toEqual([
      { start: '2026-02-01', end: '2026-07-31' },
      { start: '2026-08-01', end: '2027-01-31' },
    ]);
    expect(reminderSemesters('2027-01-16')).toHaveLength(1);
  });
});

describe('due report reminders', () => {
  /** A training report module of the semester holding `day`, one group, the students' reports. */
  async function reports(day: string, statuses: ('IN_PROGRESS' | 'VALIDATED')[]) {
    const span = semesterOf(day);
    const { module } = await createModule(w.db, {
      unitId: w.unitA.id,
      moduleType: 'TRAINING_REPORT',
      startDate: span.start,
      endDate: span.end,
    });
    const instructor = w.people.otherInstructor.profileId;
    const group = await createGroup(w.db, module.id, [instructor]);
    for (const [n, status] of statuses.entries())
      await createAssessment(w.db, {
        moduleId: module.id,
        groupId: group.id,
        studentId: n === 0 ? w.people.student.profileId : w.people.otherStudent.profileId,
        status,
      });
    return { module, group, span };
  }
  const remindersOf = (profileId: number) =>
    w.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, profileId), eq(notifications.kind, 'DUE_REPORTS')));

  it('tells the group’s instructors how many reports wait, once a week at most', async () => {
    const now = new Date('2026-11-26T08:00:00Z');
    const { span } = await reports('2026-05-15', ['IN_PROGRESS', 'IN_PROGRESS']);
    await noticeDueReports(w.db, now);
    const [reminder, ...more] = await remindersOf(w.people.otherInstructor.profileId);
    expect(more).toEqual([]);
    expect(reminder!.params).toEqual({
      reports: '2',
      semester_start: span.start,
      semester_end: span.end,
    });
    expect(await remindersOf(w.people.instructor.profileId)).toEqual([]);
    await noticeDueReports(w.db, new Date(now.getTime() + 6 * 86_400_000));
    expect(await remindersOf(w.people.otherInstructor.profileId)).toHaveLength(1);
    await noticeDueReports(w.db, new Date(now.getTime() + 8 * 86_400_000));
    expect(await remindersOf(w.people.otherInstructor.profileId)).toHaveLength(2);
  });

  it('says nothing once the reports are validated, nor twice when two processes run it', async () => {
    const now = new Date('2027-01-20T08:00:00Z');
    const { module } = await reports('2026-11-15', ['IN_PROGRESS']);
    await Promise.all([noticeDueReports(w.db, now), noticeDueReports(w.db, now)]);
    const current = (await remindersOf(w.people.otherInstructor.profileId)).filter(
      (n) => n.params.semester_end === '2027-01-31',
    );
    expect(current).toHaveLength(1);
    await w.db
      .update(assessments)
      .set({ status: 'VALIDATED' })
      .where(eq(assessments.moduleId, module.id));
    await noticeDueReports(w.db, new Date(now.getTime() + 8 * 86_400_000));
    const after = (await remindersOf(w.people.otherInstructor.profileId)).filter(
      (n) => n.params.semester_end === '2027-01-31',
    );
    expect(after).toHaveLength(1);
  });

  it('looks hourly in a process, the first time an hour after the start', async () => {
    await reports('2026-10-10', ['IN_PROGRESS']);
    const start = new Date('2027-03-10T08:00:00Z');
    const reminders = dueReportReminders(w.db);
    const count = async () => (await remindersOf(w.people.otherInstructor.profileId)).length;
    const before = await count();
    await reminders(start);
    await reminders(new Date(start.getTime() + 59 * 60_000));
    expect(await count()).toBe(before);
    await reminders(new Date(start.getTime() + 60 * 60_000));
    expect(await count()).toBe(before + 1);
  });
});
