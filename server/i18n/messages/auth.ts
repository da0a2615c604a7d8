/** Messages of sign-in, passwords and tokens. */
export const auth = {
  fr: {
    secondFactorRequired:
      'Confirmez d’abord votre connexion avec votre second facteur, ou configurez-en un si votre rôle l’exige.',
    secondFactorNotAwaited: 'Cette session n’attend pas de second facteur.',
    invalidSecondFactorCode: 'Ce code est incorrect ou a déjà été utilisé.',
    totpSetupExpired: 'La configuration de l’application a expiré : recommencez-la.',
    passkeyFailed: 'La clé d’accès n’a pas pu être vérifiée. Réessayez ou utilisez un autre moyen.',
    lastRequiredSecondFactor:
      'Votre rôle exige un second facteur : ajoutez-en un autre avant de retirer celui-ci.',
    noSecondFactor: 'Configurez d’abord un second facteur.',
    currentSession:
      'Cette session est celle que vous utilisez : déconnectez-vous pour la terminer.',
    invalidCredentials: 'Adresse e-mail ou mot de passe incorrect',
    loginThrottled:
      'Trop de tentatives de connexion. Réessayez dans {0, plural, one {# minute} other {# minutes}}.',
    passwordTooCommon: 'Ce mot de passe est trop courant. Choisissez-en un autre.',
    passwordEqualsEmail: 'Le mot de passe ne peut pas être votre adresse e-mail',
    wrongPassword: 'Le mot de passe actuel est incorrect',
    invalidToken: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
    emailChangeConfirmed:
      'Votre nouvelle adresse e-mail est confirmée. Connectez-vous désormais avec celle-ci.',
    emailChangeNotAllowed:
      'Seule une personne qui gère toutes les attributions de ce profil, dans chaque unité, peut changer l’adresse de son compte.',
    passwordResetRequested:
      'Si un compte actif utilise cette adresse, un lien pour choisir un nouveau mot de passe lui a été envoyé.',
    passwordResetDone:
      'Votre mot de passe a été enregistré. Vous pouvez maintenant vous connecter.',
    passwordChanged: 'Votre mot de passe a été modifié.',
  },
  de: {
    secondFactorRequired:
      'Bestätigen Sie Ihre Anmeldung zuerst mit Ihrem zweiten Faktor, oder richten Sie einen ein, wenn Ihre Rolle es verlangt.',
    secondFactorNotAwaited: 'Diese Sitzung erwartet keinen zweiten Faktor.',
    invalidSecondFactorCode: 'Dieser Code ist falsch oder wurde bereits verwendet.',
    totpSetupExpired: 'Die Einrichtung der App ist abgelaufen: Beginnen Sie sie neu.',
    passkeyFailed:
      'Der Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder wählen Sie einen anderen Weg.',
    lastRequiredSecondFactor:
      'Ihre Rolle verlangt einen zweiten Faktor: Fügen Sie einen weiteren hinzu, bevor Sie diesen entfernen.',
    noSecondFactor: 'Richten Sie zuerst einen zweiten Faktor ein.',
    currentSession: 'Diese Sitzung verwenden Sie gerade: Melden Sie sich ab, um sie zu beenden.',
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch',
    loginThrottled:
      'Zu viele Anmeldeversuche. Versuchen Sie es in {0, plural, one {# Minute} other {# Minuten}} erneut.',
    passwordTooCommon: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
    passwordEqualsEmail: 'Das Passwort darf nicht Ihre E-Mail-Adresse sein',
    wrongPassword: 'Das aktuelle Passwort ist falsch',
    invalidToken: 'Dieser Link ist ungültig oder abgelaufen. Fordern Sie einen neuen an.',
    emailChangeConfirmed:
      'Ihre neue E-Mail-Adresse ist bestätigt. Melden Sie sich ab jetzt mit dieser Adresse an.',
    emailChangeNotAllowed:
      'Nur wer alle Zuweisungen dieses Profils in jeder Einheit verwaltet, darf die Adresse seines Kontos ändern.',
    passwordResetRequested:
      'Falls ein aktives Konto diese Adresse verwendet, wurde ein Link zum Festlegen eines neuen Passworts an sie gesendet.',
    passwordResetDone: 'Ihr Passwort wurde gespeichert. Sie können sich jetzt anmelden.',
    passwordChanged: 'Ihr Passwort wurde geändert.',
  },
  it: {
    secondFactorRequired:
      'Confermi prima l’accesso con il suo secondo fattore, oppure ne configuri uno se il suo ruolo lo richiede.',
    secondFactorNotAwaited: 'Questa sessione non attende un secondo fattore.',
    invalidSecondFactorCode: 'Questo codice non è corretto o è già stato usato.',
    totpSetupExpired: 'La configurazione dell’app è scaduta: la ricominci.',
    passkeyFailed: 'Non è stato possibile verificare la passkey. Riprovi o usi un altro metodo.',
    lastRequiredSecondFactor:
      'Il suo ruolo richiede un secondo fattore: ne aggiunga un altro prima di rimuovere questo.',
    noSecondFactor: 'Configuri prima un secondo fattore.',
    currentSession: 'Questa è la sessione che sta usando: si disconnetta per terminarla.',
    invalidCredentials: 'Indirizzo e-mail o password non corretti',
    loginThrottled:
      'Troppi tentativi di accesso. Riprovi tra {0, plural, one {# minuto} other {# minuti}}.',
    passwordTooCommon: 'Questa password è troppo diffusa. Ne scelga un’altra.',
    passwordEqualsEmail: 'La password non può essere il suo indirizzo e-mail',
    wrongPassword: 'La password attuale non è corretta',
    invalidToken: 'Questo link non è valido o è scaduto. Ne richieda uno nuovo.',
    emailChangeConfirmed:
      'Il nuovo indirizzo e-mail è confermato. D’ora in poi acceda con questo indirizzo.',
    emailChangeNotAllowed:
      'Solo chi gestisce tutte le attribuzioni di questo profilo, in ogni unità, può cambiare l’indirizzo del suo account.',
    passwordResetRequested:
      'Se un account attivo usa questo indirizzo, gli è stato inviato un link per scegliere una nuova password.',
    passwordResetDone: 'La sua password è stata salvata. Ora può accedere.',
    passwordChanged: 'La sua password è stata modificata.',
  },
} as const;
