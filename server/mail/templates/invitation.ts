import type { Locale } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

interface InvitationInput {
  to: string;
  locale: Locale;
  firstName: string;
  unitName: string;
  link: string;
}

const TEXTS: Record<
  Locale,
  { subject: (unit: string) => string; body: (i: InvitationInput) => string }
> = {
  fr: {
    subject: (unit) => `Invitation à rejoindre ${unit}`,
    body: (i) =>
      `Bonjour ${i.firstName},\n\nVous êtes invité·e à rejoindre l'unité « ${i.unitName} » sur la plateforme d'évaluation de la formation professionnelle.\n\nPour accepter l'invitation, ouvrez ce lien (valable 14 jours) :\n${i.link}\n\nSi vous n'attendiez pas ce message, vous pouvez l'ignorer.`,
  },
  de: {
    subject: (unit) => `Einladung zu ${unit}`,
    body: (i) =>
      `Guten Tag ${i.firstName}\n\nSie sind eingeladen, der Einheit «${i.unitName}» auf der Beurteilungsplattform der Berufsbildung beizutreten.\n\nUm die Einladung anzunehmen, öffnen Sie diesen Link (14 Tage gültig):\n${i.link}\n\nWenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.`,
  },
  it: {
    subject: (unit) => `Invito a unirsi a ${unit}`,
    body: (i) =>
      `Buongiorno ${i.firstName},\n\nè invitata/o a unirsi all'unità «${i.unitName}» sulla piattaforma di valutazione della formazione professionale.\n\nPer accettare l'invito apra questo link (valido 14 giorni):\n${i.link}\n\nSe non si aspettava questo messaggio, può ignorarlo.`,
  },
};

/** The invitation mail, in the invited person's language. */
export function invitationMail(input: InvitationInput): Mail {
  const texts = TEXTS[input.locale];
  return { to: input.to, subject: texts.subject(input.unitName), text: texts.body(input) };
}

/** `/validate-invitation?token=…` under the language prefix of the web app (none for French). */
export function invitationLink(origin: string, locale: Locale, token: string): string {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return `${origin.replace(/\/$/, '')}${prefix}/validate-invitation?token=${encodeURIComponent(token)}`;
}
