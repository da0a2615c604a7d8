import { expect, it } from 'vitest';
import { pageTitle } from './title.ts';

it.each([
  ['Connexion', 'Connexion - Evaluanda'],
  [undefined, 'Evaluanda'],
  ['', 'Evaluanda'],
  ['  ', 'Evaluanda'],
  ['Evaluanda', 'Evaluanda'],
])('title %j gives %j', (title, expected) => expect(pageTitle(title, 'Evaluanda')).toBe(expected));
