import type { Locale } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

const TEXTS: Record<Locale, { subject: string; body: (link: string) => string }> = {
  fr: {
    subject: 'Choisir un nouveau mot de passe',
    body: (link) =>
      [
        'Bonjour,',
        '',
        'Une demande de nouveau mot de passe a été faite pour votre compte.',
        'Pour choisir votre nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
        '',
        link,
        '',
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.",
      ].join('\n'),
  },
  de: {
    subject: 'Neues Passwort festlegen',
    body: (link) =>
      [
        'Guten Tag',
        '',
        'Für Ihr Konto wurde ein neues Passwort angefordert.',
        'Um Ihr neues Passwort festzulegen, öffnen Sie diesen Link (eine Stunde und nur einmal gültig):',
        '',
        link,
        '',
        'Falls Sie diese Anfrage nicht gestellt haben, ignorieren Sie diese Nachricht: Ihr bisheriges Passwort bleibt gültig.',
      ].join('\n'),
  },
  it: {
    subject: 'Scegliere una nuova password',
    body: (link) =>
      [
        'Buongiorno,',
        '',
        'È stata richiesta una nuova password per il suo account.',
        'Per scegliere la nuova password, apra questo link (valido un’ora, una sola volta):',
        '',
        link,
        '',
        'Se non ha fatto lei questa richiesta, ignori questo messaggio: la sua password attuale resta valida.',
      ].join('\n'),
  },
};

/** The mail carrying a password-reset link, in the language of its recipient. */
export function passwordResetMail(input: { to: string; language: Locale; link: string }): Mail {
  const texts = TEXTS[input.language];
  return { to: input.to, subject: texts.subject, text: texts.body(input.link) };
}
