import { expect, it } from 'vitest';
import { attachment, exportLocale, period } from './format.ts';

it('writes Swiss dates, Zurich times and grades with the locale decimal sign', () => {
  const fr = exportLocale('fr');
  const de = exportLocale('de');
  expect(fr.day('2026-08-01')).toBe('01.08.2026');
  expect(exportLocale('it').day('2027-01-31')).toBe('31.01.2027');
  expect(de.moment(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026 00:30'); // summer time
  expect(de.moment(new Date('2026-12-31T23:05:00Z'))).toBe('01.01.2027 00:05');
  expect(fr.grade('5')).toBe('5,0');
  expect(fr.grade('4.50')).toBe('4,5');
  expect(de.grade('3.5')).toBe('3.5');
  expect(de.decimal('1.20')).toBe('1.2');
  expect(period(de, '2026-08-01', null)).toBe('Beginn 01.08.2026');
  expect(period(fr, null, null)).toBeNull();
});

it('names the download twice: ASCII-safe and in full', () => {
  expect(attachment('Relevé de notes - Zoë Müller-Bérard.pdf')).toBe(
    `attachment; filename="Releve de notes - Zoe Muller-Berard.pdf"; ` +
      `filename*=UTF-8''Relev%C3%A9%20de%20notes%20-%20Zo%C3%AB%20M%C3%BCller-B%C3%A9rard.pdf`,
  );
  const tricky = attachment('Évaluation - "Max" O\'Neil; 50% / Łódź.pdf');
  expect(tricky).toContain(`filename="Evaluation - Max O'Neil_ 50_ - _odz.pdf"`);
  expect(tricky).toContain(
    `filename*=UTF-8''%C3%89valuation%20-%20Max%20O%27Neil%3B%2050%25%20-%20%C5%81%C3%B3d%C5%BA.pdf`,
  );
});

it('strips control and direction-override characters from a download name', () => {
  // "Lea<RLO>fdp.exe" would show as "Leaexe.pdf" in a file manager
  const spoofed = attachment('Lea\u202Efdp.exe\u0007\u200F\u2066 \u0000x.pdf');
  expect(spoofed).toBe(
    `attachment; filename="Leafdp.exe x.pdf"; filename*=UTF-8''Leafdp.exe%20x.pdf`,
  );
});
