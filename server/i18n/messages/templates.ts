/** Messages of module templates, their blocks and criteria. */
export const templates = {
  fr: {
    gradeScaleOrder: 'Le maximum doit être supérieur au minimum',
    gradeScaleStep:
      "Le pas doit être positif et l'écart entre minimum et maximum en être un multiple",
    letterRangeOrder: 'La lettre maximale ne peut pas précéder la lettre minimale',
    flagsWithoutProgression: 'Des indicateurs de progression demandent un critère avec progression',
    maxDecimalPlaces: 'Vous pouvez saisir au maximum {0} décimales',
    templateCopySourceNotFound: 'Aucun modèle de module trouvé à copier',
    templateInUse:
      'Ce modèle est utilisé par {0, plural, one {# module} other {# modules}} et ne peut pas être supprimé. Archivez-le plutôt.',
    templateSharedAdminOnly:
      "Ce modèle est partagé entre toutes les unités : seul un·e administrateur·trice peut le modifier, l'archiver ou le supprimer. Dupliquez-le pour l'adapter à votre unité.",
    templateArchived:
      'Ce modèle est archivé : désarchivez-le avant de créer un module à partir de celui-ci',
    blockHoldsCriteria:
      'Ce bloc contient des critères : il ne peut pas contenir aussi des blocs imbriqués',
    blockHoldsBlocks:
      'Ce bloc contient des blocs imbriqués : il ne peut pas contenir aussi des critères',
    blockParentOtherTemplate: 'Le bloc parent appartient à un autre modèle',
    blockParentItself: 'Un bloc ne peut pas être placé dans lui-même ni dans ses sous-blocs',
    scaleMinAboveMax: 'Le minimum doit être inférieur au maximum',
    referencedObjectMissing: "Cet objet n'existe pas",
    treeItemNotInTemplate: "Cet élément n'appartient pas à ce modèle",
    treeItemTwice: 'Cet élément figure plusieurs fois dans l’arborescence',
    templateStaleVersion:
      "Ce modèle a été modifié entre-temps par quelqu'un d'autre. Rechargez-le et réessayez.",
    unitNotAllowed: "Vous n'avez pas le droit d'ajouter des éléments à cette unité",
  },
  de: {
    gradeScaleOrder: 'Das Maximum muss grösser als das Minimum sein',
    gradeScaleStep:
      'Der Schritt muss positiv sein und der Abstand zwischen Minimum und Maximum ein Vielfaches davon',
    letterRangeOrder: 'Der höchste Buchstabe darf nicht vor dem tiefsten stehen',
    flagsWithoutProgression: 'Fortschrittsstufen setzen ein Kriterium mit Fortschritt voraus',
    maxDecimalPlaces: 'Sie dürfen höchstens {0} Dezimalstellen eingeben',
    templateCopySourceNotFound: 'Keine Modulvorlage zum Kopieren gefunden',
    templateInUse:
      'Diese Vorlage wird von {0, plural, one {# Modul} other {# Modulen}} verwendet und kann nicht gelöscht werden. Archivieren Sie sie stattdessen.',
    templateSharedAdminOnly:
      'Diese Vorlage wird von allen Einheiten gemeinsam genutzt: Nur ein/e Administrator/in kann sie ändern, archivieren oder löschen. Duplizieren Sie sie, um sie für Ihre Einheit anzupassen.',
    templateArchived:
      'Diese Vorlage ist archiviert: Heben Sie die Archivierung auf, bevor Sie daraus ein Modul erstellen',
    blockHoldsCriteria:
      'Dieser Block enthält Kriterien: Er kann nicht zusätzlich verschachtelte Blöcke enthalten',
    blockHoldsBlocks:
      'Dieser Block enthält verschachtelte Blöcke: Er kann nicht zusätzlich Kriterien enthalten',
    blockParentOtherTemplate: 'Der übergeordnete Block gehört zu einer anderen Vorlage',
    blockParentItself:
      'Ein Block kann nicht in sich selbst oder in seine Unterblöcke verschoben werden',
    scaleMinAboveMax: 'Das Minimum muss kleiner als das Maximum sein',
    referencedObjectMissing: 'Dieses Objekt existiert nicht',
    treeItemNotInTemplate: 'Dieses Element gehört nicht zu dieser Vorlage',
    treeItemTwice: 'Dieses Element kommt mehrmals in der Struktur vor',
    templateStaleVersion:
      'Diese Vorlage wurde inzwischen von jemand anderem geändert. Laden Sie sie neu und versuchen Sie es erneut.',
    unitNotAllowed: 'Sie sind nicht berechtigt, dieser Einheit etwas hinzuzufügen',
  },
  it: {
    gradeScaleOrder: 'Il massimo deve essere superiore al minimo',
    gradeScaleStep:
      "Il passo deve essere positivo e l'intervallo tra minimo e massimo un suo multiplo",
    letterRangeOrder: 'La lettera massima non può precedere quella minima',
    flagsWithoutProgression:
      'Gli indicatori di progressione richiedono un criterio con progressione',
    maxDecimalPlaces: 'Può inserire al massimo {0} decimali',
    templateCopySourceNotFound: 'Nessun modello di modulo trovato da copiare',
    templateInUse:
      'Questo modello è utilizzato da {0, plural, one {# modulo} other {# moduli}} e non può essere eliminato. Lo archivi invece.',
    templateSharedAdminOnly:
      "Questo modello è condiviso tra tutte le unità: solo un amministratore o un'amministratrice può modificarlo, archiviarlo o eliminarlo. Lo duplichi per adattarlo alla sua unità.",
    templateArchived:
      'Questo modello è archiviato: lo ripristini prima di creare un modulo a partire da esso',
    blockHoldsCriteria: 'Questo blocco contiene criteri: non può contenere anche blocchi annidati',
    blockHoldsBlocks: 'Questo blocco contiene blocchi annidati: non può contenere anche criteri',
    blockParentOtherTemplate: 'Il blocco padre appartiene a un altro modello',
    blockParentItself: 'Un blocco non può essere inserito in sé stesso né nei suoi sottoblocchi',
    scaleMinAboveMax: 'Il minimo deve essere inferiore al massimo',
    referencedObjectMissing: 'Questo oggetto non esiste',
    treeItemNotInTemplate: 'Questo elemento non appartiene a questo modello',
    treeItemTwice: "Questo elemento compare più volte nell'albero",
    templateStaleVersion:
      'Questo modello è stato modificato nel frattempo da qualcun altro. Lo ricarichi e riprovi.',
    unitNotAllowed: 'Non è autorizzato ad aggiungere elementi a questa unità',
  },
} as const;
