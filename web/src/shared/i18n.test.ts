import { expect, it } from 'vitest';
import { apiLanguage } from './api-client.ts';
import { addMessages, applyLocale, translate } from './i18n.ts';

it('finds nested keys and fills the placeholders', () => {
  addMessages('de', {
    errors: { pageNotFound: 'Seite nicht gefunden: {path}' },
    rules: { maxLength: 'höchstens {0} Zeichen' },
  });
  expect(translate('de', 'errors.pageNotFound', { path: '/de/x' })).toBe(
    'Seite nicht gefunden: /de/x',
  );
  expect(translate('de', 'rules.maxLength', { 0: 254 })).toBe('höchstens 254 Zeichen');
});

it('answers the key itself when a message is missing', () => {
  expect(translate('it', 'errors.nothing')).toBe('errors.nothing');
});

it('chooses the plural form of the locale and fills # and the other placeholders', () => {
  addMessages('fr', {
    saved:
      '{count, plural, =0 {Aucun fichier} one {# fichier enregistré} other {# fichiers enregistrés}} sur {total}.',
  });
  const saved = (count: number) => translate('fr', 'saved', { count, total: 9 });
  expect(saved(0)).toBe('Aucun fichier sur 9.');
  expect(saved(1)).toBe('1 fichier enregistré sur 9.');
  expect(saved(12)).toBe('12 fichiers enregistrés sur 9.');
  addMessages('it', { rows: '{n, plural, one {# riga su {total}} other {# righe su {total}}}' });
  expect(translate('it', 'rows', { n: 1, total: 3 })).toBe('1 riga su 3');
  expect(translate('it', 'rows', { n: 2, total: 3 })).toBe('2 righe su 3');
  expect(translate('it', 'rows')).toBe(
    '{n, plural, one {# riga su {total}} other {# righe su {total}}}',
  );
});

it('speaks the new language to the API from the first call, before its messages have loaded', async () => {
  let arrive: (response: Response) => void = () => {};
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = (() => new Promise<Response>((resolve) => (arrive = resolve))) as typeof fetch;
  Object.assign(globalThis, { document: { documentElement: {}, cookie: '' } });
  try {
    const applied = applyLocale('it');
    // the start sequence's calls go out now, while the messages are still on their way
    expect(apiLanguage()).toBe('it');
    arrive(new Response('{}', { status: 200 }));
    await applied;
    expect(apiLanguage()).toBe('it');
  } finally {
    globalThis.fetch = fetchBefore;
    Reflect.deleteProperty(globalThis, 'document');
  }
});
