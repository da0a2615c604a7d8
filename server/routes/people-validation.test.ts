import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { peopleCounts, signedInAs } from '../test/people-helpers.ts';

/**
 * Bad input on every POST and PATCH of the people API: 400 with the field's message in the
 * request's language, and nothing changed in the database.
 */
let t: TestApp;
let admin: ApiClient;
let adminUserId: number;
let unitId: number;
let unitCode: string;
let studentId: number;
let instructorId: number;
const UNKNOWN = 999_999;

beforeAll(async () => {
  t = await createTestApp();
  const unit = await createUnit(t.database.db);
  unitId = unit.id;
  unitCode = unit.code;
  const signed = await signedInAs(t, 'ADMIN', unit.id);
  admin = signed.client;
  adminUserId = signed.person.user!.id;
  studentId = (
    await createPerson(t.database.db, {
      profile: { email: 'taken@example.ch' },
      roles: [{ role: 'STUDENT', unitId }],
    })
  ).profile.id;
  instructorId = (
    await createPerson(t.database.db, {
      withUser: false,
      roles: [{ role: 'INSTRUCTOR', unitId }],
    })
  ).profile.id;
});
afterAll(() => t.close());

const M = {
  required: { fr: 'Ce champ est obligatoire', de: 'Dieses Feld ist erforderlich' },
  maxLength: (n: number) => ({
    fr: `Vous devez saisir au maximum ${n} caractères`,
    de: `Sie dürfen höchstens ${n} Zeichen eingeben`,
  }),
  minLength: (n: number) => ({
    fr: `Vous devez saisir au minimum ${n} caractères`,
    de: `Sie müssen mindestens ${n} Zeichen eingeben`,
  }),
  email: {
    fr: 'Veuillez saisir une adresse e-mail valide',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  },
  number: {
    fr: 'Ce champ ne peut contenir que des chiffres',
    de: 'Dieses Feld darf nur Zahlen enthalten',
  },
  invalidValue: { fr: 'Valeur invalide', de: 'Ungültiger Wert' },
  invalidChoice: { fr: 'Choix invalide', de: 'Ungültige Auswahl' },
  unknown: {
    fr: "Cet élément n'existe pas ou n'est pas accessible",
    de: 'Dieses Element existiert nicht oder ist nicht zugänglich',
  },
  unitRequired: {
    fr: "L'unité doit être indiquée pour les rôles autres qu'administrateur",
    de: 'Für alle Rollen ausser Administrator muss eine Einheit angegeben werden',
  },
  profileEmailTaken: {
    fr: 'Un profil avec cette adresse e-mail existe déjà',
    de: 'Ein Profil mit dieser E-Mail-Adresse existiert bereits',
  },
  kindOnlyForStudents: {
    fr: 'Seul·e·s les apprenti·e·s ont un type de formation',
    de: 'Nur Lernende haben eine Ausbildungsart',
  },
  cannotRepresentSelf: {
    fr: 'Un profil ne peut pas être son propre représentant légal',
    de: 'Ein Profil kann nicht seine eigene gesetzliche Vertretung sein',
  },
  notAssigned: {
    fr: "Ce profil n'est pas affecté à cette unité",
    de: 'Dieses Profil ist dieser Einheit nicht zugewiesen',
  },
  invalidInvitation: {
    fr: "Ce lien d'invitation n'est pas valable ou a expiré",
    de: 'Dieser Einladungslink ist ungültig oder abgelaufen',
  },
  cannotDeactivateSelf: {
    fr: 'Vous ne pouvez pas désactiver votre propre compte',
    de: 'Sie können Ihr eigenes Konto nicht deaktivieren',
  },
  unitCodeTaken: {
    fr: 'Une unité avec ce code existe déjà',
    de: 'Eine Einheit mit diesem Kürzel existiert bereits',
  },
  profileHasLogin: { fr: 'Ce profil a déjà un compte', de: 'Dieses Profil hat bereits ein Konto' },
};

interface BadInput {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  body: () => unknown;
  field: string;
  message: { fr: string; de: string };
}

const long = (n: number) => 'x'.repeat(n);
const profile = (extra: object) => ({ first_name: 'Lea', last_name: 'Roth', ...extra });

const CASES: BadInput[] = [
  // units
  {
    name: 'unit without name',
    method: 'POST',
    url: () => '/api/units/',
    body: () => ({ code: 'Z1' }),
    field: 'name',
    message: M.required,
  },
  {
    name: 'unit name of wrong type',
    method: 'POST',
    url: () => '/api/units/',
    body: () => ({ name: 42, code: 'Z1' }),
    field: 'name',
    message: M.invalidValue,
  },
  {
    name: 'unit code too long',
    method: 'POST',
    url: () => '/api/units/',
    body: () => ({ name: 'Z', code: long(21) }),
    field: 'code',
    message: M.maxLength(20),
  },
  {
    name: 'unit code taken',
    method: 'POST',
    url: () => '/api/units/',
    body: () => ({ name: 'Z', code: unitCode }),
    field: 'code',
    message: M.unitCodeTaken,
  },
  {
    name: 'unit renamed too long',
    method: 'PATCH',
    url: () => `/api/units/${unitId}/`,
    body: () => ({ name: long(101) }),
    field: 'name',
    message: M.maxLength(100),
  },
  // assignments
  {
    name: 'assignment without profile',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ unit: unitId, role: 'INSTRUCTOR' }),
    field: 'profile',
    message: M.required,
  },
  {
    name: 'assignment profile of wrong type',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ profile: 'abc', unit: unitId, role: 'INSTRUCTOR' }),
    field: 'profile',
    message: M.number,
  },
  {
    name: 'assignment of an unknown profile',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ profile: UNKNOWN, unit: unitId, role: 'INSTRUCTOR' }),
    field: 'profile',
    message: M.unknown,
  },
  {
    name: 'assignment in an unknown unit',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ profile: studentId, unit: UNKNOWN, role: 'INSTRUCTOR' }),
    field: 'unit',
    message: M.unknown,
  },
  {
    name: 'assignment of an unknown role',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ profile: studentId, unit: unitId, role: 'KING' }),
    field: 'role',
    message: M.invalidChoice,
  },
  {
    name: 'assignment without unit for a non-admin role',
    method: 'POST',
    url: () => '/api/assignments/',
    body: () => ({ profile: studentId, role: 'INSTRUCTOR' }),
    field: 'unit',
    message: M.unitRequired,
  },
  // profiles
  {
    name: 'profile without first name',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => ({ last_name: 'Roth' }),
    field: 'first_name',
    message: M.required,
  },
  {
    name: 'profile last name too long',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ last_name: long(101) }),
    field: 'last_name',
    message: M.maxLength(100),
  },
  {
    name: 'profile email invalid',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ email: 'not-an-email' }),
    field: 'email',
    message: M.email,
  },
  {
    name: 'profile email too long',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ email: `${long(250)}@x.ch` }),
    field: 'email',
    message: M.maxLength(254),
  },
  {
    name: 'profile email taken',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ email: 'TAKEN@example.ch' }),
    field: 'email',
    message: M.profileEmailTaken,
  },
  {
    name: 'profile kind unknown',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ kind: 'MASTER' }),
    field: 'kind',
    message: M.invalidChoice,
  },
  {
    name: 'profile kind for an instructor',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ kind: 'OTHER', assignments: [{ unit: unitId, role: 'INSTRUCTOR' }] }),
    field: 'kind',
    message: M.kindOnlyForStudents,
  },
  {
    name: 'profile with an unknown representative',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ legal_representatives: [UNKNOWN] }),
    field: 'legal_representatives',
    message: M.unknown,
  },
  {
    name: 'profile assigned to an unknown unit',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ assignments: [{ unit: UNKNOWN, role: 'STUDENT' }] }),
    field: 'assignments.0.unit',
    message: M.unknown,
  },
  {
    name: 'profile assigned without unit',
    method: 'POST',
    url: () => '/api/profiles/',
    body: () => profile({ assignments: [{ role: 'STUDENT' }] }),
    field: 'assignments.0.unit',
    message: M.unitRequired,
  },
  {
    name: 'profile renamed empty',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ first_name: '' }),
    field: 'first_name',
    message: M.required,
  },
  {
    name: 'profile renamed too long',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ first_name: long(101) }),
    field: 'first_name',
    message: M.maxLength(100),
  },
  {
    name: 'profile email changed to invalid',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ email: 'nope' }),
    field: 'email',
    message: M.email,
  },
  {
    name: 'profile kind of wrong type',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ kind: 3 }),
    field: 'kind',
    message: M.invalidChoice,
  },
  {
    name: 'profile representatives of wrong type',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ legal_representatives: ['a'] }),
    field: 'legal_representatives.0',
    message: M.number,
  },
  {
    name: 'profile with an unknown representative (patch)',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ legal_representatives: [UNKNOWN] }),
    field: 'legal_representatives',
    message: M.unknown,
  },
  {
    name: 'profile representing itself',
    method: 'PATCH',
    url: () => `/api/profiles/${studentId}/`,
    body: () => ({ legal_representatives: [studentId] }),
    field: 'legal_representatives',
    message: M.cannotRepresentSelf,
  },
  {
    name: 'exist without email',
    method: 'POST',
    url: () => '/api/profiles/exist/',
    body: () => ({}),
    field: 'email',
    message: M.required,
  },
  {
    name: 'invite of an unknown profile',
    method: 'POST',
    url: () => '/api/profiles/invite/',
    body: () => ({ profile: UNKNOWN, unit: unitId }),
    field: 'profile',
    message: M.unknown,
  },
  {
    name: 'invite without unit',
    method: 'POST',
    url: () => '/api/profiles/invite/',
    body: () => ({ profile: studentId }),
    field: 'unit',
    message: M.required,
  },
  {
    name: 'invite to an unknown unit',
    method: 'POST',
    url: () => '/api/profiles/invite/',
    body: () => ({ profile: studentId, unit: UNKNOWN }),
    field: 'unit',
    message: M.unknown,
  },
  {
    name: 'validate an unknown invitation',
    method: 'POST',
    url: () => '/api/profiles/validate_unit_invitation/',
    body: () => ({ token: 'not-a-token' }),
    field: 'token',
    message: M.invalidInvitation,
  },
  {
    name: 'validate without token',
    method: 'POST',
    url: () => '/api/profiles/validate_unit_invitation/',
    body: () => ({}),
    field: 'token',
    message: M.required,
  },
  // users
  {
    name: 'user activation of wrong type',
    method: 'PATCH',
    url: () => `/api/users/${adminUserId}/`,
    body: () => ({ is_active: 'yes' }),
    field: 'is_active',
    message: M.invalidValue,
  },
  {
    name: 'user deactivating themself',
    method: 'PATCH',
    url: () => `/api/users/${adminUserId}/`,
    body: () => ({ is_active: false }),
    field: 'is_active',
    message: M.cannotDeactivateSelf,
  },
  {
    name: 'register with an invalid email',
    method: 'POST',
    url: () => '/api/users/register/',
    body: () => ({ email: 'x', profile: instructorId }),
    field: 'email',
    message: M.email,
  },
  {
    name: 'register without profile',
    method: 'POST',
    url: () => '/api/users/register/',
    body: () => ({ email: 'new@example.ch' }),
    field: 'profile',
    message: M.required,
  },
  {
    name: 'register an unknown profile',
    method: 'POST',
    url: () => '/api/users/register/',
    body: () => ({ email: 'new@example.ch', profile: UNKNOWN }),
    field: 'profile',
    message: M.unknown,
  },
  {
    name: 'register a profile that has a login',
    method: 'POST',
    url: () => '/api/users/register/',
    body: () => ({ email: 'new@example.ch', profile: studentId }),
    field: 'profile',
    message: M.profileHasLogin,
  },
  {
    name: 'register with a short password',
    method: 'POST',
    url: () => '/api/users/register/',
    body: () => ({ email: 'new@example.ch', profile: instructorId, password: 'short' }),
    field: 'password',
    message: M.minLength(12),
  },
];

describe('bad input is refused with field messages and changes nothing', () => {
  it.each(CASES)('$name', async (bad) => {
    const before = await peopleCounts(t.database.db);
    for (const language of ['fr', 'de'] as const) {
      admin.language = language;
      const response = await admin.request(bad.method, bad.url(), bad.body() as never);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()[bad.field]).toEqual([bad.message[language]]);
    }
    expect(await peopleCounts(t.database.db)).toEqual(before);
  });
});

describe('unknown ids in the path', () => {
  it.each([
    ['GET', '/api/profiles/999999/'],
    ['PATCH', '/api/profiles/999999/'],
    ['DELETE', '/api/profiles/999999/'],
    ['POST', '/api/profiles/999999/archive/'],
    ['GET', '/api/units/999999/'],
    ['PATCH', '/api/units/999999/'],
    ['GET', '/api/assignments/999999/'],
    ['DELETE', '/api/assignments/999999/'],
    ['GET', '/api/users/999999/'],
    ['PATCH', '/api/users/999999/'],
  ] as const)('%s %s → 404', async (method, url) => {
    admin.language = 'de';
    const response = await admin.request(method, url, method === 'PATCH' ? {} : undefined);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Nicht gefunden' });
  });
});

describe('invitation needs an assignment in the unit', () => {
  it('refuses a unit the profile is not assigned to', async () => {
    const other = await createUnit(t.database.db);
    admin.language = 'fr';
    const before = await peopleCounts(t.database.db);
    const response = await admin.post('/api/profiles/invite/', {
      profile: studentId,
      unit: other.id,
    });
    expect(response.json()).toEqual({ unit: [M.notAssigned.fr] });
    expect(await peopleCounts(t.database.db)).toEqual(before);
  });
});
