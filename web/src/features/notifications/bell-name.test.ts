import { describe, expect, it } from 'vitest';
import de from '../../../public/locales/de/messages.json' with { type: 'json' };
import fr from '../../../public/locales/fr/messages.json' with { type: 'json' };
import it_ from '../../../public/locales/it/messages.json' with { type: 'json' };
import { addMessages, translate } from '../../shared/i18n.ts';
import type { Locale } from '../../shared/locale.ts';
import { BELL_BADGE_MAX, bellName } from './bell-name.ts';

const MESSAGES = { fr, de, it: it_ };
const LOCALES = Object.keys(MESSAGES) as Locale[];
for (const locale of LOCALES) addMessages(locale, MESSAGES[locale]);

const nameIn = (locale: Locale) => (unread: number) =>
  bellName((key, values) => translate(locale, key, values), unread);

/** What the badge prints, as MUI's Badge does with `max`: the count, or "99+" above it. */
const badgeText = (unread: number) =>
  unread > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : String(unread);

describe.each(LOCALES)('the notification bell in %s', (locale) => {
  const name = nameIn(locale);

  it.each([1, 2, 42, 99, 100, 1234])(
    'holds the number its badge shows in its name (%i unread)',
    (unread) => {
      const shown = badgeText(unread).replace(/\D/g, '');
      expect(name(unread)).toMatch(new RegExp(`(^|\\D)${shown}(\\D|$)`));
    },
  );

  it('names no number without unread notifications', () => {
    expect(name(0)).not.toMatch(/\d/);
  });
});

it('reads as a French speaker expects', () => {
  const name = nameIn('fr');
  expect(name(0)).toBe('Notifications, aucune non lue');
  expect(name(1)).toBe('Notifications, 1 non lue');
  expect(name(99)).toBe('Notifications, 99 non lues');
  expect(name(120)).toBe('Notifications, plus de 99 non lues');
});
