/** Messages of modules (module instances) and assessment groups. */
export const modules = {
  fr: {
    groupHasAssessments:
      'Ce groupe contient {0, plural, one {# évaluation} other {# évaluations}} et ne peut pas être supprimé. Déplacez-les d’abord.',
    moduleHasAssessments:
      'Ce module contient {0, plural, one {# évaluation} other {# évaluations}} et ne peut pas être supprimé. Archivez-le plutôt.',
    moduleArchived: 'Ce module est archivé : désarchivez-le d’abord',
    moduleEndBeforeStart: 'La date de fin ne peut pas précéder la date de début',
    cohortOtherUnit: 'La volée appartient à une autre unité',
    instructorNotInUnit:
      "Chaque formateur doit être formateur, formateur en entreprise ou responsable de cours dans l'unité du module",
    groupMoveOtherUnit: 'Un groupe ne peut être déplacé que vers un module de la même unité',
    groupMoveOtherTemplate:
      'Un groupe ne peut être déplacé que vers un module créé à partir du même modèle',
    groupMoveTreesDiffer:
      'Les critères des deux modules diffèrent : les évaluations du groupe ne peuvent pas le suivre',
  },
  de: {
    groupHasAssessments:
      'Diese Gruppe enthält {0, plural, one {# Beurteilung} other {# Beurteilungen}} und kann nicht gelöscht werden. Verschieben Sie sie zuerst.',
    moduleHasAssessments:
      'Dieses Modul enthält {0, plural, one {# Beurteilung} other {# Beurteilungen}} und kann nicht gelöscht werden. Archivieren Sie es stattdessen.',
    moduleArchived: 'Dieses Modul ist archiviert: Heben Sie zuerst die Archivierung auf',
    moduleEndBeforeStart: 'Das Enddatum darf nicht vor dem Startdatum liegen',
    cohortOtherUnit: 'Der Jahrgang gehört zu einer anderen Einheit',
    instructorNotInUnit:
      'Jede Lehrperson muss in der Einheit des Moduls Ausbildner/in, Berufsbildner/in im Betrieb oder Kursverantwortliche/r sein',
    groupMoveOtherUnit: 'Eine Gruppe kann nur in ein Modul derselben Einheit verschoben werden',
    groupMoveOtherTemplate:
      'Eine Gruppe kann nur in ein Modul aus derselben Vorlage verschoben werden',
    groupMoveTreesDiffer:
      'Die Kriterien der beiden Module unterscheiden sich: Die Beurteilungen der Gruppe können ihr nicht folgen',
  },
  it: {
    groupHasAssessments:
      'Questo gruppo contiene {0, plural, one {# valutazione} other {# valutazioni}} e non può essere eliminato. Le sposti prima.',
    moduleHasAssessments:
      'Questo modulo contiene {0, plural, one {# valutazione} other {# valutazioni}} e non può essere eliminato. Lo archivi invece.',
    moduleArchived: 'Questo modulo è archiviato: lo ripristini prima',
    moduleEndBeforeStart: 'La data di fine non può precedere la data di inizio',
    cohortOtherUnit: "La classe appartiene a un'altra unità",
    instructorNotInUnit:
      "Ogni formatore deve essere formatore, formatore aziendale o responsabile del corso nell'unità del modulo",
    groupMoveOtherUnit: 'Un gruppo può essere spostato solo in un modulo della stessa unità',
    groupMoveOtherTemplate:
      'Un gruppo può essere spostato solo in un modulo creato dallo stesso modello',
    groupMoveTreesDiffer:
      'I criteri dei due moduli sono diversi: le valutazioni del gruppo non possono seguirlo',
  },
} as const;
