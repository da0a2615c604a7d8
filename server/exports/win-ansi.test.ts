import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/constants.ts';
import { enumLabels } from '../i18n/enum-labels.ts';
import { exportTexts } from '../i18n/messages/exports.ts';
import { isWinAnsi, toWinAnsi, winAnsiDeep } from './win-ansi.ts';

describe('toWinAnsi', () => {
  it('keeps what Helvetica prints: accents of fr, de, it and the typographic signs', () => {
    const text = 'Zoë Müller-Bérard, Nicolò Càrdenas, Ærø – “Straße” € ½ · l’été';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('prints other letters without their marks, composes decomposed ones, and never garbles', () => {
    expect(toWinAnsi('Čolić Łukasz Şahin Đorđević Dvořák Őry')).toBe(
      'Colic Lukasz Sahin Dordevic Dvorák Ory',
    );
    expect(toWinAnsi('Ze\u0301lie')).toBe('Zélie');
    expect(toWinAnsi('Bravo 😀\u202f!')).toBe('Bravo ? !');
    expect(toWinAnsi('a\u2011b')).toBe('a-b');
  });

  it('maps every string of a structure, and nothing else', () => {
    const when = new Date(0);
    expect(winAnsiDeep({ name: 'Čolić', grade: null, n: 2, when, list: ['ł'] })).toEqual({
      name: 'Colic',
      grade: null,
      n: 2,
      when,
      list: ['l'],
    });
  });
});

it('the export texts and enum labels all print in Helvetica', () => {
  for (const locale of LOCALES) {
    const labels = Object.values(enumLabels(locale)).flatMap((group) => Object.values(group));
    for (const text of [...Object.values(exportTexts[locale]), ...labels])
      expect(isWinAnsi(text), text).toBe(true);
  }
});
