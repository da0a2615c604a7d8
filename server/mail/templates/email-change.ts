import type { Locale } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

type Texts = Record<Locale, { subject: string; body: (link?: string) => string }>;

const CONFIRM: Texts = {
  fr: {
    subject: 'Confirmer votre nouvelle adresse e-mail',
    body: (link) =>
      [
        'Bonjour,',
        '',
        'Cette adresse a été indiquée comme nouvelle adresse de votre compte sur la plateforme d’évaluation.',
        'Pour la confirmer, ouvrez ce lien (valable 24 heures, une seule fois) :',
        '',
        link!,
        '',
        'Tant qu’elle n’est pas confirmée, vous vous connectez avec votre adresse actuelle. Si vous n’attendiez pas ce message, ignorez-le.',
      ].join('\n'),
  },
  de: {
    subject: 'Neue E-Mail-Adresse bestätigen',
    body: (link) =>
      [
        'Guten Tag',
        '',
        'Diese Adresse wurde als neue Adresse Ihres Kontos auf der Beurteilungsplattform angegeben.',
        'Um sie zu bestätigen, öffnen Sie diesen Link (24 Stunden und nur einmal gültig):',
        '',
        link!,
        '',
        'Bis zur Bestätigung melden Sie sich mit Ihrer bisherigen Adresse an. Falls Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.',
      ].join('\n'),
  },
  it: {
    subject: 'Confermare il nuovo indirizzo e-mail',
    body: (link) =>
      [
        'Buongiorno,',
        '',
        'Questo indirizzo è stato indicato come nuovo indirizzo del suo account sulla piattaforma di valutazione.',
        'Per confermarlo, apra questo link (valido 24 ore, una sola volta):',
        '',
        link!,
        '',
        'Finché non è confermato, accede con l’indirizzo attuale. Se non si aspettava questo messaggio, lo ignori.',
      ].join('\n'),
  },
};

const NOTICE: Texts = {
  fr: {
    subject: 'Changement de l’adresse e-mail de votre compte',
    body: () =>
      [
        'Bonjour,',
        '',
        'Un changement de l’adresse e-mail de votre compte a été demandé. Un lien de confirmation a été envoyé à la nouvelle adresse ; votre compte garde cette adresse-ci tant qu’il n’est pas suivi.',
        '',
        'Si vous n’êtes pas au courant de ce changement, adressez-vous à votre responsable de formation.',
      ].join('\n'),
  },
  de: {
    subject: 'Änderung der E-Mail-Adresse Ihres Kontos',
    body: () =>
      [
        'Guten Tag',
        '',
        'Für Ihr Konto wurde eine neue E-Mail-Adresse angegeben. Ein Bestätigungslink ging an die neue Adresse; Ihr Konto behält diese Adresse, solange er nicht geöffnet wird.',
        '',
        'Falls Sie von dieser Änderung nichts wissen, wenden Sie sich an Ihre verantwortliche Person in der Ausbildung.',
      ].join('\n'),
  },
  it: {
    subject: 'Modifica dell’indirizzo e-mail del suo account',
    body: () =>
      [
        'Buongiorno,',
        '',
        'È stato indicato un nuovo indirizzo e-mail per il suo account. Un link di conferma è stato inviato al nuovo indirizzo; il suo account mantiene questo indirizzo finché il link non viene aperto.',
        '',
        'Se non è al corrente di questa modifica, si rivolga alla persona responsabile della sua formazione.',
      ].join('\n'),
  },
};

/** To the new address: the link that moves the login there. */
export function emailChangeConfirmMail(input: {
  to: string;
  language: Locale;
  link: string;
}): Mail {
  const texts = CONFIRM[input.language];
  return { to: input.to, subject: texts.subject, text: texts.body(input.link) };
}

/** To the old address: a change was asked for, nothing has moved yet. */
export function emailChangeNoticeMail(input: { to: string; language: Locale }): Mail {
  const texts = NOTICE[input.language];
  return { to: input.to, subject: texts.subject, text: texts.body() };
}
