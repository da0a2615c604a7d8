import { expect, it } from 'vitest';
import { addMessages, translate } from './i18n.ts';

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
