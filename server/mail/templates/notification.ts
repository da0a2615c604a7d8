import type { Locale, NotificationKind } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

/** A notification as its mail tells it: no name and no grade, only what happened and where. */
export interface NoticeLine {
  kind: NotificationKind;
  moduleName: string | null;
  /** the page it leads to, without origin and language: `/assessments/12` */
  path: string;
}

interface Texts {
  line: Record<NotificationKind, (module: string) => string>;
  subject: Record<NotificationKind, string>;
  open: string;
  /** the colon before a link: spaced in French */
  colon: string;
  digestSubject: (count: number) => string;
  digestIntro: string;
  why: string;
  stop: (kind: string) => string;
  manage: string;
  kinds: Record<NotificationKind, string>;
}

const TEXTS: Record<Locale, Texts> = {
  fr: {
    line: {
      ASSESSMENT_VALIDATED: (m) => `Une évaluation du module « ${m} » a été validée.`,
      INSUFFICIENT_GRADE: (m) => `Une note insuffisante a été validée dans le module « ${m} ».`,
      AT_RISK: () => 'Un·e apprenti·e de votre unité présente un nouveau signal d’alerte.',
      DUE_REPORTS: () =>
        'Des rapports de formation de vos groupes attendent encore d’être validés.',
      SIGNATURE_AWAITED: (m) => `Le rapport de formation « ${m} » attend votre signature.`,
    },
    subject: {
      ASSESSMENT_VALIDATED: 'Une évaluation a été validée',
      INSUFFICIENT_GRADE: 'Une note insuffisante a été validée',
      AT_RISK: 'Un·e apprenti·e présente un signal d’alerte',
      DUE_REPORTS: 'Des rapports de formation sont à valider',
      SIGNATURE_AWAITED: 'Un rapport de formation attend votre signature',
    },
    open: 'Consulter sur la plateforme',
    colon: ' :',
    digestSubject: (n) => `Votre résumé hebdomadaire : ${n} notification${n > 1 ? 's' : ''}`,
    digestIntro:
      'Voici ce qui s’est passé sur la plateforme d’évaluation depuis votre dernier résumé :',
    why: 'Vous recevez ce courriel selon vos préférences de notification.',
    stop: (kind) => `Ne plus recevoir de courriels « ${kind} » (un clic, sans connexion)`,
    manage: 'Gérer vos préférences',
    kinds: {
      ASSESSMENT_VALIDATED: 'Évaluation validée',
      INSUFFICIENT_GRADE: 'Note insuffisante',
      AT_RISK: 'Apprenti·e à risque',
      DUE_REPORTS: 'Rapports de formation à valider',
      SIGNATURE_AWAITED: 'Signature attendue',
    },
  },
  de: {
    line: {
      ASSESSMENT_VALIDATED: (m) => `Eine Beurteilung im Modul «${m}» wurde validiert.`,
      INSUFFICIENT_GRADE: (m) => `Im Modul «${m}» wurde eine ungenügende Note validiert.`,
      AT_RISK: () => 'Bei einer lernenden Person Ihrer Einheit gibt es ein neues Warnsignal.',
      DUE_REPORTS: () => 'Bildungsberichte Ihrer Gruppen warten noch auf die Validierung.',
      SIGNATURE_AWAITED: (m) => `Der Bildungsbericht «${m}» wartet auf Ihre Unterschrift.`,
    },
    subject: {
      ASSESSMENT_VALIDATED: 'Eine Beurteilung wurde validiert',
      INSUFFICIENT_GRADE: 'Eine ungenügende Note wurde validiert',
      AT_RISK: 'Eine lernende Person zeigt ein Warnsignal',
      DUE_REPORTS: 'Bildungsberichte sind zu validieren',
      SIGNATURE_AWAITED: 'Ein Bildungsbericht wartet auf Ihre Unterschrift',
    },
    open: 'Auf der Plattform ansehen',
    colon: ':',
    digestSubject: (n) => `Ihre Wochenübersicht: ${n} Benachrichtigung${n > 1 ? 'en' : ''}`,
    digestIntro: 'Das ist seit Ihrer letzten Übersicht auf der Beurteilungsplattform geschehen:',
    why: 'Sie erhalten diese E-Mail gemäss Ihren Benachrichtigungseinstellungen.',
    stop: (kind) => `Keine E-Mails «${kind}» mehr erhalten (ein Klick, ohne Anmeldung)`,
    manage: 'Einstellungen verwalten',
    kinds: {
      ASSESSMENT_VALIDATED: 'Beurteilung validiert',
      INSUFFICIENT_GRADE: 'Ungenügende Note',
      AT_RISK: 'Gefährdete Lernende',
      DUE_REPORTS: 'Zu validierende Bildungsberichte',
      SIGNATURE_AWAITED: 'Unterschrift erwartet',
    },
  },
  it: {
    line: {
      ASSESSMENT_VALIDATED: (m) => `Una valutazione del modulo «${m}» è stata convalidata.`,
      INSUFFICIENT_GRADE: (m) => `Nel modulo «${m}» è stata convalidata una nota insufficiente.`,
      AT_RISK: () =>
        'Una persona in formazione della sua unità presenta un nuovo segnale d’allerta.',
      DUE_REPORTS: () => 'Rapporti di formazione dei suoi gruppi attendono ancora la convalida.',
      SIGNATURE_AWAITED: (m) => `Il rapporto di formazione «${m}» attende la sua firma.`,
    },
    subject: {
      ASSESSMENT_VALIDATED: 'Una valutazione è stata convalidata',
      INSUFFICIENT_GRADE: 'È stata convalidata una nota insufficiente',
      AT_RISK: 'Una persona in formazione presenta un segnale d’allerta',
      DUE_REPORTS: 'Rapporti di formazione da convalidare',
      SIGNATURE_AWAITED: 'Un rapporto di formazione attende la sua firma',
    },
    open: 'Consultare sulla piattaforma',
    colon: ':',
    digestSubject: (n) => `Il suo riepilogo settimanale: ${n} notific${n > 1 ? 'he' : 'a'}`,
    digestIntro: 'Ecco cosa è successo sulla piattaforma di valutazione dal suo ultimo riepilogo:',
    why: 'Riceve questa e-mail secondo le sue preferenze di notifica.',
    stop: (kind) => `Non ricevere più e-mail «${kind}» (un clic, senza accesso)`,
    manage: 'Gestire le preferenze',
    kinds: {
      ASSESSMENT_VALIDATED: 'Valutazione convalidata',
      INSUFFICIENT_GRADE: 'Nota insufficiente',
      AT_RISK: 'Persone in formazione a rischio',
      DUE_REPORTS: 'Rapporti di formazione da convalidare',
      SIGNATURE_AWAITED: 'Firma attesa',
    },
  },
};

/** A page of the web app under the language prefix of its form (none for French). */
function appLink(origin: string, locale: Locale, path: string): string {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return `${origin.replace(/\/$/, '')}${prefix}${path}`;
}

interface MailInput {
  to: string;
  locale: Locale;
  origin: string;
  /** the unsubscribe token of each kind the mail tells of */
  tokens: Partial<Record<NotificationKind, string>>;
}

function footer(input: MailInput, t: Texts): string {
  const stops = (Object.entries(input.tokens) as [NotificationKind, string][]).map(
    ([kind, token]) =>
      `${t.stop(t.kinds[kind])}${t.colon}\n${appLink(input.origin, input.locale, `/unsubscribe?token=${encodeURIComponent(token)}`)}`,
  );
  const manage = `${t.manage}${t.colon}\n${appLink(input.origin, input.locale, '/account#notifications')}`;
  return ['--', t.why, ...stops, manage].join('\n\n');
}

const lineOf = (t: Texts, notice: NoticeLine) => t.line[notice.kind](notice.moduleName ?? '—');

/** One notification as a mail, in the recipient's language, with its unsubscribe link. */
export function notificationMail(input: MailInput & { notice: NoticeLine }): Mail {
  const t = TEXTS[input.locale];
  const text = [
    lineOf(t, input.notice),
    `${t.open}${t.colon}\n${appLink(input.origin, input.locale, input.notice.path)}`,
    footer(input, t),
  ].join('\n\n');
  return { to: input.to, subject: t.subject[input.notice.kind], text: `${text}\n` };
}

/** The weekly digest: every notification of the week once, in one mail. */
export function digestMail(input: MailInput & { notices: NoticeLine[] }): Mail {
  const t = TEXTS[input.locale];
  const lines = input.notices.map(
    (notice) => `- ${lineOf(t, notice)}\n  ${appLink(input.origin, input.locale, notice.path)}`,
  );
  const text = [t.digestIntro, lines.join('\n'), footer(input, t)].join('\n\n');
  return { to: input.to, subject: t.digestSubject(input.notices.length), text: `${text}\n` };
}
