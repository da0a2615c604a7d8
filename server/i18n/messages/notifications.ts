/** Messages of notifications and their mail preferences. */
export const notificationTexts = {
  fr: {
    unsubscribeLinkInvalid:
      'Ce lien de désabonnement n’est pas valable. Gérez vos préférences depuis « Mon compte ».',
  },
  de: {
    unsubscribeLinkInvalid:
      'Dieser Abmeldelink ist ungültig. Verwalten Sie Ihre Einstellungen unter «Mein Konto».',
  },
  it: {
    unsubscribeLinkInvalid:
      'Questo link di disiscrizione non è valido. Gestisca le preferenze da «Il mio account».',
  },
} as const;
