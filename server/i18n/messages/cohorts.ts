/** Messages of cohorts. */
export const cohorts = {
  fr: {
    cohortStudentNotInUnit:
      "Chaque personne en formation doit être inscrite comme apprenti·e dans l'unité de la volée",
  },
  de: {
    cohortStudentNotInUnit:
      'Alle Lernenden müssen in der Einheit des Jahrgangs als Lernende erfasst sein',
  },
  it: {
    cohortStudentNotInUnit:
      "Ogni persona in formazione deve essere registrata come persona in formazione nell'unità della classe",
  },
} as const;
