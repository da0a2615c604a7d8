import { describe, expect, it } from 'vitest';
import { uniqueNamer } from './file-names.ts';

const namesOf = (raw: string[]) => raw.map(uniqueNamer());

describe('uniqueNamer', () => {
  it('drops control and direction-override characters', () => {
    expect(namesOf(['Lea\u202Efdp.exe\u0007\u2066.pdf', 'Tab\tname\u0085.pdf'])).toEqual([
      'Leafdp.exe.pdf',
      'Tabname.pdf',
    ]);
  });

  it('numbers repeated names before the extension and replaces unsafe characters', () => {
    expect(namesOf(['A B.pdf', 'a b.pdf', 'A B.pdf', 'x/y:z.xlsx', ''])).toEqual([
      'A B.pdf',
      'a b (2).pdf',
      'A B (3).pdf',
      'x_y_z.xlsx',
      'file',
    ]);
  });
});
