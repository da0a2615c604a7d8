import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { kindCode, localProblems, rowsOf } from './import-rows.ts';

describe('parseCsv', () => {
  it('reads semicolons, quotes, doubled quotes, CRLF and a byte order mark', () => {
    const text =
      '\uFEFFPrénom;Nom;E-mail\r\n"Anne; Marie";"Du ""Pont""";a@b.ch\r\n\r\nLéo;Favre;\n';
    expect(parseCsv(text)).toEqual([
      ['Prénom', 'Nom', 'E-mail'],
      ['Anne; Marie', 'Du "Pont"', 'a@b.ch'],
      ['Léo', 'Favre', ''],
    ]);
  });

  it('guesses commas and tabs', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb')).toEqual([['a', 'b']]);
  });
});

describe('rowsOf', () => {
  it('maps titles in any language and order', () => {
    expect(
      rowsOf([
        ['E-Mail', 'Nachname', 'Vorname', 'Geburtsdatum'],
        ['x@y.ch', 'Keller', 'Noah', '3.2.2009'],
      ]),
    ).toEqual([
      {
        first_name: 'Noah',
        last_name: 'Keller',
        email: 'x@y.ch',
        kind: '',
        birth_date: '2009-02-03',
      },
    ]);
  });
  it('takes first name, last name, e-mail, kind, birth date without titles', () => {
    expect(rowsOf([['Noah', 'Keller', '', '', '2009-02-03']])).toEqual([
      { first_name: 'Noah', last_name: 'Keller', email: '', kind: '', birth_date: '2009-02-03' },
    ]);
  });
  it('reports a birth date that is not a day', () => {
    const rows = rowsOf([['Noah', 'Keller', '', '', '31.02.2009']]);
    expect(rows[0]!.birth_date).toBe('2009-02-31');
    expect(localProblems(rows, 'STUDENT')[0]).toEqual({ birth_date: 'import.badDate' });
  });
});

describe('localProblems', () => {
  it('marks every bad row', () => {
    const rows = rowsOf([
      ['Léa', '', 'lea@x.ch', 'CFC'],
      ['Noé', 'Rey', 'LEA@x.ch', ''],
      ['Zoé', 'Rey', 'pas-une-adresse', 'OTHER'],
    ]);
    expect(localProblems(rows, 'STUDENT', ['CFC en 3 ans', 'AFP'])).toEqual([
      { last_name: 'rules.required', kind: 'import.unknownKind|CFC en 3 ans, AFP' },
      { email: 'import.duplicateInFile' },
      { email: 'rules.email' },
    ]);
    expect(localProblems(rows.slice(2), 'INSTRUCTOR')).toEqual([
      { email: 'rules.email', kind: 'import.kindOnlyForStudents' },
    ]);
  });
  it('reads kinds from their labels', () => {
    expect(kindCode('afp', [['CFC en 3 ans', 'CFC en 2 ans', 'AFP', 'Autre']])).toBe(
      'FEDERAL_VET_CERTIFICATE',
    );
    expect(kindCode('OTHER', [])).toBe('OTHER');
  });
  it('matches a kind exactly, digits kept: case, accents and spacing folded', () => {
    const labels = [['CFC en 3 ans', 'CFC en 2 ans', 'AFP', 'Autre']];
    expect(kindCode('CFC en 2 ans', labels)).toBe('FEDERAL_VET_DIPLOMA_2_YEARS');
    expect(kindCode('  cfc  EN 3 ANS ', labels)).toBe('FEDERAL_VET_DIPLOMA_3_YEARS');
    expect(kindCode('autré', labels)).toBe('OTHER');
    // an unknown value stays as typed, to be reported, never taken for a near one
    expect(kindCode('CFC en 9 ans', labels)).toBe('CFC en 9 ans');
    expect(kindCode('CFC', labels)).toBe('CFC');
  });
});
