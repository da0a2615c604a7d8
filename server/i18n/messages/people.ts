/** Messages of profiles, assignments, units and logins. */
export const people = {
  fr: {
    notErasable:
      'Cette personne ne peut pas encore être effacée : sa dernière formation a pris fin il y a moins de {0, plural, one {# an} other {# ans}}.',
    profileHasAssessments:
      'Cette personne a {0, plural, one {# évaluation} other {# évaluations}} : son profil ne peut pas être supprimé sans les perdre. Archivez-le plutôt.',
    unitRequired: "L'unité doit être indiquée pour les rôles autres qu'administrateur",
    unknownReference: "Cet élément n'existe pas ou n'est pas accessible",
    profileEmailTaken: 'Un profil avec cette adresse e-mail existe déjà',
    loginEmailTaken: 'Un compte avec cette adresse e-mail existe déjà',
    profileHasLogin: 'Ce profil a déjà un compte',
    profileHasNoEmail: "Ce profil n'a pas d'adresse e-mail",
    notAssignedToUnit: "Ce profil n'est pas affecté à cette unité",
    kindOnlyForStudents: 'Seul·e·s les apprenti·e·s ont un type de formation',
    assignmentExists: 'Cette affectation existe déjà',
    invalidInvitation: "Ce lien d'invitation n'est pas valable ou a expiré",
    cannotDeactivateSelf: 'Vous ne pouvez pas désactiver votre propre compte',
    cannotRepresentSelf: 'Un profil ne peut pas être son propre représentant légal',
    unitCodeTaken: 'Une unité avec ce code existe déjà',
    passwordLength: 'Le mot de passe doit contenir entre {0} et {1} caractères',
  },
  de: {
    notErasable:
      'Diese Person kann noch nicht gelöscht werden: Ihre letzte Ausbildung endete vor weniger als {0, plural, one {# Jahr} other {# Jahren}}.',
    profileHasAssessments:
      'Diese Person hat {0, plural, one {# Beurteilung} other {# Beurteilungen}}: Ihr Profil kann nicht gelöscht werden, ohne sie zu verlieren. Archivieren Sie es stattdessen.',
    unitRequired: 'Für alle Rollen ausser Administrator muss eine Einheit angegeben werden',
    unknownReference: 'Dieses Element existiert nicht oder ist nicht zugänglich',
    profileEmailTaken: 'Ein Profil mit dieser E-Mail-Adresse existiert bereits',
    loginEmailTaken: 'Ein Konto mit dieser E-Mail-Adresse existiert bereits',
    profileHasLogin: 'Dieses Profil hat bereits ein Konto',
    profileHasNoEmail: 'Dieses Profil hat keine E-Mail-Adresse',
    notAssignedToUnit: 'Dieses Profil ist dieser Einheit nicht zugewiesen',
    kindOnlyForStudents: 'Nur Lernende haben eine Ausbildungsart',
    assignmentExists: 'Diese Zuweisung existiert bereits',
    invalidInvitation: 'Dieser Einladungslink ist ungültig oder abgelaufen',
    cannotDeactivateSelf: 'Sie können Ihr eigenes Konto nicht deaktivieren',
    cannotRepresentSelf: 'Ein Profil kann nicht seine eigene gesetzliche Vertretung sein',
    unitCodeTaken: 'Eine Einheit mit diesem Kürzel existiert bereits',
    passwordLength: 'Das Passwort muss zwischen {0} und {1} Zeichen lang sein',
  },
  it: {
    notErasable:
      'Questa persona non può ancora essere cancellata: la sua ultima formazione è terminata meno di {0, plural, one {# anno} other {# anni}} fa.',
    profileHasAssessments:
      'Questa persona ha {0, plural, one {# valutazione} other {# valutazioni}}: il suo profilo non può essere eliminato senza perderle. Lo archivi invece.',
    unitRequired: "L'unità deve essere indicata per i ruoli diversi da amministratore",
    unknownReference: 'Questo elemento non esiste o non è accessibile',
    profileEmailTaken: 'Esiste già un profilo con questo indirizzo e-mail',
    loginEmailTaken: 'Esiste già un account con questo indirizzo e-mail',
    profileHasLogin: 'Questo profilo ha già un account',
    profileHasNoEmail: 'Questo profilo non ha un indirizzo e-mail',
    notAssignedToUnit: 'Questo profilo non è assegnato a questa unità',
    kindOnlyForStudents: 'Solo le persone in formazione hanno un tipo di formazione',
    assignmentExists: 'Questa assegnazione esiste già',
    invalidInvitation: 'Questo link di invito non è valido o è scaduto',
    cannotDeactivateSelf: 'Non può disattivare il proprio account',
    cannotRepresentSelf: 'Un profilo non può essere il proprio rappresentante legale',
    unitCodeTaken: 'Esiste già un’unità con questo codice',
    passwordLength: 'La password deve contenere tra {0} e {1} caratteri',
  },
} as const;
