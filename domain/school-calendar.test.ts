import { describe, expect, it } from 'vitest';
import { dueReportSemester, isCalendarDay, schoolYearOf, semesterOf } from './school-calendar.ts';

describe('school calendar', () => {
  it('starts the school year on 1 August', () => {
    expect(schoolYearOf('2026-07-31')).toEqual({ start: '2025-08-01', end: '2026-07-31' });
    expect(schoolYearOf('2026-08-01')).toEqual({ start: '2026-08-01', end: '2027-07-31' });
  });

  it('has a winter semester across the new year and a summer semester', () => {
    expect(semesterOf('2027-01-31')).toEqual({ start: '2026-08-01', end: '2027-01-31' });
    expect(semesterOf('2027-02-01')).toEqual({ start: '2027-02-01', end: '2027-07-31' });
    expect(semesterOf('2026-08-01')).toEqual({ start: '2026-08-01', end: '2027-01-31' });
  });

  it('makes a semester’s reports due 14 days after it ended, the one before until then', () => {
    const summer = { start: '2026-02-01', end: '2026-07-31' };
    const winter = { start: '2026-08-01', end: '2027-01-31' };
    expect(dueReportSemester('2026-11-26')).toEqual(summer);
    expect(dueReportSemester('2027-02-13')).toEqual(summer);
    expect(dueReportSemester('2027-02-14')).toEqual(winter);
    expect(dueReportSemester('2026-08-13')).toEqual({ start: '2025-08-01', end: '2026-01-31' });
    expect(dueReportSemester('2026-08-14')).toEqual(summer);
  });

  it('knows which days exist', () => {
    expect(['2028-02-29', '2026-12-31'].map(isCalendarDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', ''].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
