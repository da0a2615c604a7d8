/** Messages of assessments, evaluations, transitions and grade summaries. */
export const assessments = {
  fr: {
    assessmentNotInProgress: 'Seule une évaluation en cours peut être modifiée.',
    moduleNotOpen_LOCKED:
      'Ce module est verrouillé : ses évaluations ne peuvent plus être modifiées.',
    moduleNotOpen_ARCHIVED:
      'Ce module est archivé : ses évaluations ne peuvent plus être modifiées.',
    staleVersion:
      "Cette évaluation a été modifiée entre-temps par quelqu'un d'autre. Rechargez-la et réessayez.",
    studentNotInUnit: "Cette personne n'est pas apprenti·e dans l'unité du module",
    groupNotInModule: "Ce groupe n'appartient pas à ce module",
    moduleMismatch: "Le module doit être celui de l'adresse",
    cohortNotInUnit: "Cette volée n'appartient pas à l'unité du module",
    cohortStartsInProgress:
      'Les évaluations d’une volée sont créées « En cours » : aucun critère n’y est encore évalué.',
    alreadyAssessedInModule: 'Cette personne a déjà une évaluation dans ce module',
    evaluationNotAllowed: "Ce critère ne s'évalue pas par niveau",
    textNotAllowed: "Ce critère n'a pas de champ de texte",
    progressionNotAllowed: "Ce critère n'a pas de progression",
    progressionFlagNotAllowed: "Ce critère ne propose pas l'étape {0}",
    gradeNotAllowed: "Ce critère ne s'évalue pas par note",
    gradeStep: 'La note doit être un multiple de {0}',
    letterNotAllowed: "Ce critère ne s'évalue pas par lettre",
    letterRange: 'La lettre doit être comprise entre {0} et {1}',
    assessmentAlreadyValidated: 'Cette évaluation est déjà validée.',
    assessmentAlreadyClosed: 'Cette évaluation est déjà clôturée.',
    assessmentNotValidated: 'Seule une évaluation validée peut être clôturée.',
    assessmentAlreadyInProgress: 'Cette évaluation est déjà en cours.',
    unknownCriterion: 'Ce critère n’appartient pas à ce rapport',
    criterionTakesNoEvaluation: 'Ce critère ne s’évalue pas par niveau',
    selfAssessmentSubmitted: 'Cette auto-évaluation est déjà remise : elle ne peut plus changer.',
    carriedGoalsUnreviewed:
      'Objectifs à évaluer d’abord : {0} objectif(s) du rapport précédent n’ont pas encore de bilan.',
    goalNotCarried: 'Cet objectif n’est repris dans aucun rapport suivant : pas encore de bilan.',
    reportNotValidated: 'Seul un rapport validé peut être signé.',
    reportAlreadySigned: 'Vous avez déjà signé ce rapport.',
    signatureNotNeeded:
      'La signature d’un·e représentant·e légal·e n’est pas requise : l’apprenti·e était majeur·e à la validation.',
    signLinkInvalid:
      'Ce lien ne fonctionne plus : il a déjà servi, il a expiré ou un plus récent a été envoyé. Demandez un nouveau lien au formateur ou à la formatrice.',
    signLinkUsed: 'Ce lien a déjà servi.',
    noSignLinkRecipient:
      'Aucun·e représentant·e légal·e sans compte et avec une adresse e-mail n’attend de lien pour ce rapport.',
    assessmentMoveNotInProgress:
      'Seule une évaluation en cours peut changer de groupe. Rouvrez-la d’abord.',
  },
  de: {
    assessmentNotInProgress: 'Nur eine Beurteilung in Bearbeitung kann geändert werden.',
    moduleNotOpen_LOCKED:
      'Dieses Modul ist gesperrt: Seine Beurteilungen können nicht mehr geändert werden.',
    moduleNotOpen_ARCHIVED:
      'Dieses Modul ist archiviert: Seine Beurteilungen können nicht mehr geändert werden.',
    staleVersion:
      'Diese Beurteilung wurde inzwischen von jemand anderem geändert. Laden Sie sie neu und versuchen Sie es erneut.',
    studentNotInUnit: 'Diese Person ist nicht lernende Person der Einheit des Moduls',
    groupNotInModule: 'Diese Gruppe gehört nicht zu diesem Modul',
    moduleMismatch: 'Das Modul muss dasjenige der Adresse sein',
    cohortNotInUnit: 'Dieser Jahrgang gehört nicht zur Einheit des Moduls',
    cohortStartsInProgress:
      'Die Beurteilungen eines Jahrgangs werden «In Bearbeitung» erstellt: noch ist kein Kriterium beurteilt.',
    alreadyAssessedInModule: 'Diese Person hat bereits eine Beurteilung in diesem Modul',
    evaluationNotAllowed: 'Dieses Kriterium wird nicht mit Stufen beurteilt',
    textNotAllowed: 'Dieses Kriterium hat kein Textfeld',
    progressionNotAllowed: 'Dieses Kriterium hat keinen Lernfortschritt',
    progressionFlagNotAllowed: 'Dieses Kriterium bietet die Stufe {0} nicht an',
    gradeNotAllowed: 'Dieses Kriterium wird nicht mit einer Note beurteilt',
    gradeStep: 'Die Note muss ein Vielfaches von {0} sein',
    letterNotAllowed: 'Dieses Kriterium wird nicht mit einem Buchstaben beurteilt',
    letterRange: 'Der Buchstabe muss zwischen {0} und {1} liegen',
    assessmentAlreadyValidated: 'Diese Beurteilung ist bereits validiert.',
    assessmentAlreadyClosed: 'Diese Beurteilung ist bereits abgeschlossen.',
    assessmentNotValidated: 'Nur eine validierte Beurteilung kann abgeschlossen werden.',
    assessmentAlreadyInProgress: 'Diese Beurteilung ist bereits in Bearbeitung.',
    unknownCriterion: 'Dieses Kriterium gehört nicht zu diesem Bericht',
    criterionTakesNoEvaluation: 'Dieses Kriterium wird nicht mit Stufen beurteilt',
    selfAssessmentSubmitted:
      'Diese Selbstbeurteilung ist bereits abgegeben: Sie kann nicht mehr geändert werden.',
    carriedGoalsUnreviewed:
      'Zuerst die Ziele überprüfen: {0} Ziel(e) des vorherigen Berichts sind noch nicht überprüft.',
    goalNotCarried:
      'Dieses Ziel wird in keinen folgenden Bericht übernommen: noch keine Überprüfung.',
    reportNotValidated: 'Nur ein validierter Bericht kann unterschrieben werden.',
    reportAlreadySigned: 'Sie haben diesen Bericht bereits unterschrieben.',
    signatureNotNeeded:
      'Die Unterschrift einer gesetzlichen Vertretung ist nicht nötig: Die lernende Person war bei der Validierung volljährig.',
    signLinkInvalid:
      'Dieser Link funktioniert nicht mehr: Er wurde schon verwendet, ist abgelaufen oder ein neuerer wurde gesendet. Verlangen Sie bei der Ausbildnerin oder dem Ausbildner einen neuen.',
    signLinkUsed: 'Dieser Link wurde schon verwendet.',
    noSignLinkRecipient:
      'Keine gesetzliche Vertretung ohne Konto und mit E-Mail-Adresse wartet auf einen Link für diesen Bericht.',
    assessmentMoveNotInProgress:
      'Nur eine Beurteilung in Bearbeitung kann die Gruppe wechseln. Eröffnen Sie sie zuerst wieder.',
  },
  it: {
    assessmentNotInProgress: 'Solo una valutazione in corso può essere modificata.',
    moduleNotOpen_LOCKED:
      'Questo modulo è bloccato: le sue valutazioni non possono più essere modificate.',
    moduleNotOpen_ARCHIVED:
      'Questo modulo è archiviato: le sue valutazioni non possono più essere modificate.',
    staleVersion:
      'Questa valutazione è stata modificata nel frattempo da qualcun altro. La ricarichi e riprovi.',
    studentNotInUnit: "Questa persona non è in formazione nell'unità del modulo",
    groupNotInModule: 'Questo gruppo non appartiene a questo modulo',
    moduleMismatch: "Il modulo deve essere quello dell'indirizzo",
    cohortNotInUnit: "Questa classe non appartiene all'unità del modulo",
    cohortStartsInProgress:
      'Le valutazioni di una classe sono create «In corso»: nessun criterio è ancora valutato.',
    alreadyAssessedInModule: 'Questa persona ha già una valutazione in questo modulo',
    evaluationNotAllowed: 'Questo criterio non si valuta con livelli',
    textNotAllowed: 'Questo criterio non ha un campo di testo',
    progressionNotAllowed: 'Questo criterio non ha una progressione',
    progressionFlagNotAllowed: 'Questo criterio non propone la tappa {0}',
    gradeNotAllowed: 'Questo criterio non si valuta con una nota',
    gradeStep: 'La nota deve essere un multiplo di {0}',
    letterNotAllowed: 'Questo criterio non si valuta con una lettera',
    letterRange: 'La lettera deve essere compresa tra {0} e {1}',
    assessmentAlreadyValidated: 'Questa valutazione è già convalidata.',
    assessmentAlreadyClosed: 'Questa valutazione è già chiusa.',
    assessmentNotValidated: 'Solo una valutazione convalidata può essere chiusa.',
    assessmentAlreadyInProgress: 'Questa valutazione è già in corso.',
    unknownCriterion: 'Questo criterio non appartiene a questo rapporto',
    criterionTakesNoEvaluation: 'Questo criterio non si valuta con livelli',
    selfAssessmentSubmitted: 'Questa autovalutazione è già consegnata: non può più cambiare.',
    carriedGoalsUnreviewed:
      'Prima verificare gli obiettivi: {0} obiettivo/i del rapporto precedente non sono ancora verificati.',
    goalNotCarried:
      'Questo obiettivo non è ripreso in nessun rapporto successivo: nessuna verifica.',
    reportNotValidated: 'Solo un rapporto convalidato può essere firmato.',
    reportAlreadySigned: 'Ha già firmato questo rapporto.',
    signatureNotNeeded:
      'La firma di un rappresentante legale non è necessaria: la persona in formazione era maggiorenne alla convalida.',
    signLinkInvalid:
      'Questo link non funziona più: è già stato usato, è scaduto o ne è stato inviato uno più recente. Ne chieda uno nuovo al formatore o alla formatrice.',
    signLinkUsed: 'Questo link è già stato usato.',
    noSignLinkRecipient:
      'Nessun rappresentante legale senza account e con un indirizzo e-mail attende un link per questo rapporto.',
    assessmentMoveNotInProgress:
      'Solo una valutazione in corso può cambiare gruppo. La riapra prima.',
  },
} as const;
