import type { Locale } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

interface SignLinkInput {
  to: string;
  locale: Locale;
  link: string;
  /** the last day the link works, as the reader writes dates */
  until: string;
}

/** No name and no grade: the mail only leads to the report (mail crosses servers we do not run). */
const TEXTS: Record<Locale, { subject: string; body: (i: SignLinkInput) => string }> = {
  fr: {
    subject: 'Un rapport de formation attend votre signature',
    body: (i) =>
      `Bonjour,\n\nUn rapport de formation de l’apprenti·e que vous représentez a été validé et attend votre signature. En signant, vous confirmez qu’il a été discuté avec vous, pas que vous êtes d’accord avec tout.\n\nPour le lire et le signer, ouvrez ce lien (une seule fois, jusqu’au ${i.until}) :\n${i.link}\n\nSi vous n’attendiez pas ce message, vous pouvez l’ignorer.`,
  },
  de: {
    subject: 'Ein Bildungsbericht wartet auf Ihre Unterschrift',
    body: (i) =>
      `Guten Tag\n\nEin Bildungsbericht der lernenden Person, die Sie vertreten, wurde validiert und wartet auf Ihre Unterschrift. Mit der Unterschrift bestätigen Sie, dass er mit Ihnen besprochen wurde, nicht dass Sie mit allem einverstanden sind.\n\nUm ihn zu lesen und zu unterschreiben, öffnen Sie diesen Link (einmal, bis am ${i.until}):\n${i.link}\n\nWenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.`,
  },
  it: {
    subject: 'Un rapporto di formazione attende la sua firma',
    body: (i) =>
      `Buongiorno,\n\nun rapporto di formazione della persona in formazione che lei rappresenta è stato convalidato e attende la sua firma. Firmando conferma che è stato discusso con lei, non che è d’accordo con tutto.\n\nPer leggerlo e firmarlo apra questo link (una sola volta, fino al ${i.until}):\n${i.link}\n\nSe non si aspettava questo messaggio, può ignorarlo.`,
  },
};

/** The sign link's mail, in the legal representative's language. */
export function signLinkMail(input: SignLinkInput): Mail {
  const texts = TEXTS[input.locale];
  return { to: input.to, subject: texts.subject, text: texts.body(input) };
}

/** `/sign-report?token=…` under the language prefix of the web app (none for French). */
export function signLinkUrl(origin: string, locale: Locale, token: string): string {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return `${origin.replace(/\/$/, '')}${prefix}/sign-report?token=${encodeURIComponent(token)}`;
}
