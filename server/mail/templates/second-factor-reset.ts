import type { Locale } from '../../../domain/constants.ts';
import type { Mail } from '../mailer.ts';

const TEXTS: Record<Locale, { subject: string; body: string }> = {
  fr: {
    subject: 'Votre second facteur de connexion a été réinitialisé',
    body: [
      'Bonjour,',
      '',
      'Un administrateur de la plateforme d’évaluation a retiré les seconds facteurs de votre compte (clés d’accès, application d’authentification et codes de secours). Vos sessions ouvertes ont été fermées.',
      'À votre prochaine connexion, vous pourrez en configurer un nouveau depuis « Mon compte » ; si votre rôle l’exige, il vous sera demandé de le faire.',
      '',
      'Si vous n’avez pas demandé cette réinitialisation, adressez-vous sans attendre à votre responsable de formation.',
    ].join('\n'),
  },
  de: {
    subject: 'Ihr zweiter Anmeldefaktor wurde zurückgesetzt',
    body: [
      'Guten Tag',
      '',
      'Eine Administratorin oder ein Administrator der Beurteilungsplattform hat die zweiten Faktoren Ihres Kontos entfernt (Passkeys, Authenticator-App und Wiederherstellungscodes). Ihre offenen Sitzungen wurden beendet.',
      'Bei Ihrer nächsten Anmeldung können Sie unter «Mein Konto» einen neuen einrichten; verlangt Ihre Rolle einen, werden Sie dazu aufgefordert.',
      '',
      'Falls Sie diese Zurücksetzung nicht verlangt haben, wenden Sie sich sofort an Ihre verantwortliche Person in der Ausbildung.',
    ].join('\n'),
  },
  it: {
    subject: 'Il suo secondo fattore di accesso è stato reimpostato',
    body: [
      'Buongiorno,',
      '',
      'Un amministratore della piattaforma di valutazione ha rimosso i secondi fattori del suo account (passkey, app di autenticazione e codici di recupero). Le sue sessioni aperte sono state chiuse.',
      'Al prossimo accesso potrà configurarne uno nuovo da «Il mio account»; se il suo ruolo lo richiede, le verrà chiesto di farlo.',
      '',
      'Se non ha chiesto lei questa reimpostazione, si rivolga subito al suo responsabile della formazione.',
    ].join('\n'),
  },
};

/** Tells a person their second factors were reset by an admin, in their language. */
export function secondFactorResetMail(input: { to: string; language: Locale }): Mail {
  const texts = TEXTS[input.language];
  return { to: input.to, subject: texts.subject, text: texts.body };
}
