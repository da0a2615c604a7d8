import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatMomentDay } from './date-format.ts';

describe('formatDay', () => {
  it('keeps the calendar day whatever the time zone', () => {
    expect(formatDay('2026-03-01', 'de')).toBe('01.03.2026');
    expect(formatDay('2026-03-01', 'fr')).toMatch(/^1 mars 2026$/);
  });
});

describe('formatMomentDay', () => {
  it('tells the Swiss day of a moment, even just before midnight UTC', () => {
    // 23:30 UTC on 14 March is already 15 March in Zurich
    expect(formatMomentDay('2026-03-14T23:30:00Z', 'de')).toBe('15.03.2026');
  });
});

describe('formatMoment', () => {
  it('tells the Swiss time of a moment, summer and winter', () => {
    expect(formatMoment('2026-11-25T13:03:00Z', 'de')).toBe('25.11.2026, 14:03');
    expect(formatMoment('2026-07-01T13:03:00Z', 'de')).toBe('01.07.2026, 15:03');
  });
});
