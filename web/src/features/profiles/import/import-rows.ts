import { isCalendarDay } from '../../../../../domain/school-calendar.ts';
import { PROFILE_KINDS } from '../../../shared/api/profiles.ts';

export type ImportField = 'first_name' | 'last_name' | 'email' | 'kind' | 'birth_date';
export type ImportRow = Record<ImportField, string>;
export const IMPORT_FIELDS: ImportField[] = [
  'first_name',
  'last_name',
  'email',
  'kind',
  'birth_date',
];

/** Case and accents folded. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A column title as a key: letters only ("E-mail" and "Email" are one title). */
const titleKey = (text: string) => plain(text).replace(/[^a-z]/g, '');

/** A value as typed, compared with case, accents and spacing folded, its digits kept. */
const valueKey = (text: string) => plain(text).replace(/\s+/g, ' ').trim();

/** Column titles understood in the first line, in the four languages people type them in. */
const HEADERS: Record<string, ImportField> = {
  firstname: 'first_name',
  prenom: 'first_name',
  vorname: 'first_name',
  nome: 'first_name',
  lastname: 'last_name',
  nom: 'last_name',
  nomdefamille: 'last_name',
  nachname: 'last_name',
  name: 'last_name',
  cognome: 'last_name',
  email: 'email',
  mail: 'email',
  adresseemail: 'email',
  emailadresse: 'email',
  indirizzoemail: 'email',
  kind: 'kind',
  type: 'kind',
  typedeformation: 'kind',
  ausbildungsart: 'kind',
  tipodiformazione: 'kind',
  birthdate: 'birth_date',
  datedenaissance: 'birth_date',
  naissance: 'birth_date',
  geburtsdatum: 'birth_date',
  datadinascita: 'birth_date',
};

/**
 * A date as Swiss files write it (31.01.2009, 31/1/2009) or as ISO (2009-01-31), as YYYY-MM-DD;
 * anything else is kept as typed (and reported).
 */
function dayOf(value: string): string {
  const swiss = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  if (!swiss) return value;
  const [, day, month, year] = swiss;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/**
 * The rows of a file as profiles: the first line names the columns (any order); without known
 * titles the columns are first name, last name, e-mail, kind.
 */
export function rowsOf(table: string[][]): ImportRow[] {
  const [first = [], ...rest] = table;
  const named = first.map((title) => HEADERS[titleKey(title)]);
  const hasHeader = named.filter(Boolean).length >= 2;
  const columns = hasHeader ? named : IMPORT_FIELDS;
  return (hasHeader ? rest : table).map((cells) => {
    const row: ImportRow = { first_name: '', last_name: '', email: '', kind: '', birth_date: '' };
    columns.forEach((field, index) => {
      if (field) row[field] = (cells[index] ?? '').trim();
    });
    return { ...row, birth_date: dayOf(row.birth_date) };
  });
}

/**
 * A kind as its code, from the code or its label ('' when empty); anything else is kept as typed
 * (and reported). "CFC en 2 ans" is never taken for "CFC en 3 ans": digits count.
 */
export function kindCode(value: string, labels: string[][]): string {
  if (!value) return '';
  const wanted = valueKey(value);
  for (const [index, code] of PROFILE_KINDS.entries())
    if (valueKey(code) === wanted || labels.some((l) => valueKey(l[index] ?? '') === wanted))
      return code;
  return value;
}

/** Whether a kind is one of the codes (a value kindCode recognised). */
export const isKnownKind = (kind: string) => (PROFILE_KINDS as readonly string[]).includes(kind);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What is wrong with each row before asking the server: messages keys by field. An unknown kind
 * names the kinds allowed, as `allowedKinds` reads them (the labels of the reader's language).
 */
export function localProblems(
  rows: ImportRow[],
  role: string,
  allowedKinds: readonly string[] = PROFILE_KINDS,
): Record<string, string>[] {
  const emails = rows.map((r) => r.email.toLowerCase());
  return rows.map((row, index) => {
    const problems: Record<string, string> = {};
    if (!row.first_name) problems.first_name = 'rules.required';
    else if (row.first_name.length > 100) problems.first_name = 'rules.maxLength|100';
    if (!row.last_name) problems.last_name = 'rules.required';
    else if (row.last_name.length > 100) problems.last_name = 'rules.maxLength|100';
    if (row.email && !EMAIL.test(row.email)) problems.email = 'rules.email';
    else if (row.email && emails.indexOf(emails[index]!) !== index)
      problems.email = 'import.duplicateInFile';
    if (row.kind && role !== 'STUDENT') problems.kind = 'import.kindOnlyForStudents';
    else if (row.kind && !isKnownKind(row.kind))
      problems.kind = `import.unknownKind|${allowedKinds.join(', ')}`;
    if (row.birth_date && !isCalendarDay(row.birth_date)) problems.birth_date = 'import.badDate';
    return problems;
  });
}
