import { describe, expect, it } from 'vitest';
import { ACCENTED, foldForSearch, PLAIN, searchWords } from './search-text.ts';

describe('search text', () => {
  it('maps each accented letter to one plain letter, as translate() needs', () => {
    expect([...ACCENTED]).toHaveLength([...PLAIN].length);
  });

  it('finds Swiss and European names whatever their accents and case', () => {
    expect(foldForSearch('Jörg Dätwyler')).toBe('jorg datwyler');
    expect(foldForSearch('Ana Čolić-Łukasz')).toBe('ana colic-lukasz');
    expect(foldForSearch('ÉLODIE Bærø')).toBe('elodie bæro');
  });

  it('checks each word once: repeated words and words inside another one add nothing', () => {
    expect(searchWords('  Müller  Anna ')).toEqual(['muller', 'anna']);
    expect(searchWords('a a a A à')).toEqual(['a']);
    expect(searchWords('mul Müller ann Anna ler')).toEqual(['muller', 'anna']);
    expect(searchWords('anna annabelle')).toEqual(['annabelle']);
    expect(searchWords(' ')).toEqual([]);
  });
});
