import { expect, it } from 'vitest';
import { pageTitle } from './title.ts';

it.each([
  ['Connexion', 'Connexion - Evaluanda'],
  [undefined, 'Evaluanda'],
  ['', 'Evaluanda'],
  ['  ', 'Evaluanda'],
  ['Evaluanda', 'Evaluanda'],
])('title %j gives %j', (title, expected) => expect(pageTitle(title, 'Evaluanda')).toBe(expected));

it.each([
  ['Module', 'ÜK 187', 'ÜK 187 - Module - Evaluanda'],
  ['Module', null, 'Module - Evaluanda'],
  ['Module', '  ', 'Module - Evaluanda'],
  [undefined, 'Léa Muster', 'Léa Muster - Evaluanda'],
])('title %j of object %j gives %j', (title, object, expected) =>
  expect(pageTitle(title, 'Evaluanda', object)).toBe(expected),
);
