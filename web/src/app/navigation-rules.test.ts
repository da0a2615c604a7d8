import { describe, expect, it } from 'vitest';
import { decide, safeNext, type Visitor } from './navigation-rules.ts';
import fr from '../../public/locales/fr/messages.json' with { type: 'json' };
import { PERMISSIONS } from '../../../domain/permissions.ts';
import { pageById, PAGES, visibleNavigation } from './pages.ts';

const accepted: Visitor = {
  permissions: ['listCohort'],
  is_data_processing_accepted: true,
  second_factor: 'NONE',
};
const pending: Visitor = { ...accepted, is_data_processing_accepted: false };

const go = (
  id: string | null,
  visitor: Visitor | null,
  extra: Partial<Parameters<typeof decide>[0]> = {},
) =>
  decide({
    page: id ? pageById(id) : null,
    params: {},
    path: '/x',
    wanted: '/x',
    next: null,
    visitor,
    ...extra,
  });

describe('signed out', () => {
  it.each([
    'login',
    'set-password',
    'forgot-password',
    'data-processing-agreement',
    'validate-invitation',
    'confirm-email',
  ])('may open %s', (id) => expect(go(id, null)).toEqual({ kind: 'allow' }));
  it.each(['home', 'logout', 'accept-data-processing', 'cohorts', 'profile-detail'])(
    'is sent to login from %s',
    (id) =>
      expect(go(id, null)).toMatchObject({
        kind: 'redirect',
        to: expect.stringMatching(/^\/login/),
      }),
  );
  it('comes back to the wanted page after login', () => {
    expect(go('cohorts', null, { wanted: '/cohorts?search=a' })).toEqual({
      kind: 'redirect',
      to: '/login?next=%2Fcohorts%3Fsearch%3Da',
    });
  });
});

describe('signed in without accepted data processing', () => {
  it.each(['logout', 'accept-data-processing'])('may open %s', (id) =>
    expect(go(id, pending)).toEqual({ kind: 'allow' }),
  );
  it.each(['home', 'cohorts', 'login', 'data-processing-agreement'])(
    'is sent to accept from %s',
    (id) =>
      expect(go(id, pending)).toMatchObject({
        kind: 'redirect',
        to: expect.stringMatching(/^\/accept-data-processing/),
      }),
  );
});

describe('signed in', () => {
  it('gets 403 notAllowed on a list page without its permission', () => {
    expect(go('profiles', accepted)).toEqual({
      kind: 'error',
      error: { statusCode: 403, statusMessage: 'notAllowed' },
    });
    expect(go('cohorts', accepted)).toEqual({ kind: 'allow' });
  });
  it.each([
    ['module-new', 'addModuleInstance'],
    ['module-edit', 'changeModuleInstance'],
    ['profile-new', 'addProfile'],
    ['profile-edit', 'changeProfile'],
    ['template-new', 'addModuleTemplate'],
    ['template-edit', 'changeModuleTemplate'],
  ])('refuses the form %s at the route to a reader without %s', (id, permission) => {
    const student: Visitor = { ...accepted, permissions: ['viewAssessment'] };
    expect(go(id, student)).toEqual({
      kind: 'error',
      error: { statusCode: 403, statusMessage: 'notAllowed' },
    });
    expect(go(id, { ...student, permissions: [permission] })).toEqual({ kind: 'allow' });
  });
  it('leaves login and acceptance for the wanted page', () => {
    expect(go('login', accepted, { next: '/cohorts' })).toEqual({
      kind: 'redirect',
      to: '/cohorts',
    });
    expect(go('login', accepted, { next: '//evil.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(go('accept-data-processing', accepted)).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('validity comes first', () => {
  it('answers 404 Page Not Found with the path for an unknown route, even signed out', () => {
    expect(go(null, null, { path: '/nope' })).toEqual({
      kind: 'error',
      error: { statusCode: 404, statusMessage: 'Page Not Found: /nope' },
    });
  });
  it('answers 404 for an id that is not a number', () => {
    expect(
      go('profile-detail', accepted, { params: { id: 'abc' }, path: '/profiles/abc' }),
    ).toMatchObject({
      kind: 'error',
      error: { statusCode: 404 },
    });
    expect(go('profile-detail', accepted, { params: { id: '12' } })).toEqual({ kind: 'allow' });
  });
});

it('shows only the list pages the permissions open', () => {
  expect(visibleNavigation(['listStudent', 'listCohort', 'listUnit']).map((i) => i.page)).toEqual([
    'students',
    'cohorts',
    'units',
  ]);
});

it('only returns to paths of this site', () => {
  expect(safeNext('/profiles')).toBe('/profiles');
  expect(safeNext('https://evil.example')).toBeNull();
  expect(safeNext('//evil.example')).toBeNull();
  expect(safeNext('/\\evil.example')).toBeNull();
});

describe('the second factor', () => {
  it.each(['PENDING', 'SETUP_REQUIRED'] as const)(
    'leads a session whose factor is %s to its page first, then back where it was going',
    (state) => {
      const visitor: Visitor = { ...pending, second_factor: state };
      expect(go('cohorts', visitor, { wanted: '/cohorts' })).toEqual({
        kind: 'redirect',
        to: '/second-factor?next=%2Fcohorts',
      });
      expect(go('home', visitor)).toEqual({ kind: 'redirect', to: '/second-factor' });
      expect(go('account', visitor).kind).toBe('redirect');
      expect(go('accept-data-processing', visitor).kind).toBe('redirect');
      expect(go('second-factor', visitor)).toEqual({ kind: 'allow' });
      expect(go('logout', visitor)).toEqual({ kind: 'allow' });
    },
  );

  it.each(['VERIFIED', 'NONE'] as const)('sends a %s session on from its page', (state) => {
    const visitor: Visitor = { ...accepted, second_factor: state };
    expect(go('second-factor', visitor, { next: '/cohorts' })).toEqual({
      kind: 'redirect',
      to: '/cohorts',
    });
    expect(go('cohorts', visitor)).toEqual({ kind: 'allow' });
  });

  it('comes before the data-processing consent', () => {
    const visitor: Visitor = { ...pending, second_factor: 'VERIFIED' };
    expect(go('second-factor', visitor)).toEqual({ kind: 'redirect', to: '/' });
    expect(go('cohorts', visitor, { wanted: '/cohorts' })).toEqual({
      kind: 'redirect',
      to: '/accept-data-processing?next=%2Fcohorts',
    });
  });
});

describe('the pages’ words', () => {
  type Tree = { [key: string]: string | Tree };
  const text = (key: string) =>
    key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        fr as Tree,
      );

  it('give every page a title, and every menu entry its label and its home-page line', () => {
    for (const page of PAGES)
      if (page.title) expect(text(page.title), page.id).toBeTypeOf('string');
    for (const { page } of visibleNavigation(PERMISSIONS)) {
      expect(text(`nav.${page}`), page).toBeTypeOf('string');
      expect(text(`home.${page}`), page).toBeTypeOf('string');
    }
  });
});
