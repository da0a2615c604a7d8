import type {
  GradingFormula,
  Locale,
  ModuleType,
  RoundingFormula,
} from '../../domain/constants.ts';
import type { CriterionPresetKey } from '../../domain/criterion-presets.ts';

/** A text in the three languages of the demo: fr, de, it. */
export type Text3 = readonly [fr: string, de: string, it: string];

export const inLanguage = (text: Text3, language: Locale): string =>
  text[language === 'fr' ? 0 : language === 'de' ? 1 : 2];

interface DemoCriterion {
  name: Text3;
  preset: CriterionPresetKey;
  /** a grade weight other than the preset's 1 */
  weight?: string;
}

export interface DemoBlock {
  name: Text3;
  reference: string;
  color?: string;
  formula?: GradingFormula;
  coefficient?: string;
  /** false: kept out of the export and of the module grade (coefficient forced to 0) */
  inExport?: boolean;
  oneLine?: boolean;
  criteria?: DemoCriterion[];
  blocks?: DemoBlock[];
}

export interface DemoTemplate {
  moduleType: ModuleType;
  name: Text3;
  description: Text3;
  graded: boolean;
  rounding: RoundingFormula;
  blocks: DemoBlock[];
}

const evaluation = (name: Text3): DemoCriterion => ({ name, preset: 'EVALUATION' });

/** Intercompany course of the ICT apprentices (üK 187), graded at the half like the ICT courses. */
const INTERCOMPANY_COURSE: DemoTemplate = {
  moduleType: 'INTERCOMPANY_COURSE',
  name: [
    'CIE 187 – Mettre en service un poste de travail ICT (Informaticien·ne CFC)',
    'üK 187 – ICT-Arbeitsplatz mit Betriebssystem in Betrieb nehmen (Informatiker/in EFZ)',
    'CI 187 – Mettere in funzione una postazione di lavoro TIC (Informatico/a AFC)',
  ],
  description: [
    'Cours interentreprises de 5 jours, 1re année. Note de compétence arrondie au demi-point.',
    'Überbetrieblicher Kurs von 5 Tagen, 1. Lehrjahr. Kompetenznachweis auf halbe Noten gerundet.',
    'Corso interaziendale di 5 giorni, 1° anno. Nota di competenza arrotondata al mezzo punto.',
  ],
  graded: true,
  rounding: 'HALF',
  blocks: [
    {
      name: ['Travaux pratiques', 'Praktische Arbeiten', 'Lavori pratici'],
      reference: 'A',
      color: '#3F51B5',
      formula: 'OVER_FIVE_PLUS_ONE_ROUND',
      coefficient: '1',
      criteria: [
        evaluation([
          'Installe le système d’exploitation selon les consignes',
          'Installiert das Betriebssystem nach Vorgabe',
          'Installa il sistema operativo secondo le istruzioni',
        ]),
        evaluation([
          'Configure le réseau et les comptes utilisateur',
          'Konfiguriert Netzwerk und Benutzerkonten',
          'Configura la rete e gli account utente',
        ]),
        evaluation([
          'Documente la configuration de manière compréhensible',
          'Dokumentiert die Konfiguration nachvollziehbar',
          'Documenta la configurazione in modo comprensibile',
        ]),
        evaluation([
          'Respecte la sécurité informatique et la protection des données',
          'Beachtet Informatiksicherheit und Datenschutz',
          'Rispetta la sicurezza informatica e la protezione dei dati',
        ]),
      ],
    },
    {
      name: ['Contrôle de compétences', 'Kompetenznachweis', 'Verifica delle competenze'],
      reference: 'B',
      color: '#009688',
      formula: 'AVERAGE',
      coefficient: '2',
      criteria: [
        { name: ['Épreuve écrite', 'Schriftliche Prüfung', 'Prova scritta'], preset: 'GRADE' },
        {
          name: ['Épreuve pratique', 'Praktische Prüfung', 'Prova pratica'],
          preset: 'GRADE',
          weight: '2',
        },
      ],
    },
    {
      name: [
        'Comportement pendant le cours',
        'Verhalten im Kurs',
        'Comportamento durante il corso',
      ],
      reference: 'C',
      inExport: false,
      criteria: [
        evaluation([
          'Ponctualité et engagement',
          'Pünktlichkeit und Einsatz',
          'Puntualità e impegno',
        ]),
        {
          name: [
            'Remarques de l’instructeur·trice',
            'Bemerkungen der Kursleitung',
            'Osservazioni del/la docente',
          ],
          preset: 'TEXT_ONLY',
        },
      ],
    },
  ],
};

/** Semester training report of the commercial apprentices (evaluation levels, trends). */
const TRAINING_REPORT: DemoTemplate = {
  moduleType: 'TRAINING_REPORT',
  name: [
    'Rapport de formation – Employé·e de commerce CFC',
    'Bildungsbericht – Kauffrau/Kaufmann EFZ',
    'Rapporto di formazione – Impiegata/o di commercio AFC',
  ],
  description: [
    'Bilan semestriel établi par le/la formateur·trice en entreprise et discuté avec la personne en formation.',
    'Semesterbericht der Berufsbildnerin oder des Berufsbildners, mit der lernenden Person besprochen.',
    'Bilancio semestrale redatto dal/la formatore/trice in azienda e discusso con la persona in formazione.',
  ],
  graded: true,
  rounding: 'HALF',
  blocks: [
    {
      name: ['Compétences professionnelles', 'Fachkompetenz', 'Competenze professionali'],
      reference: '1',
      criteria: [
        evaluation(['Qualité du travail', 'Arbeitsqualität', 'Qualità del lavoro']),
        evaluation([
          'Quantité de travail, rythme',
          'Arbeitsmenge, Arbeitstempo',
          'Quantità di lavoro, ritmo',
        ]),
        {
          name: [
            'Mise en pratique des connaissances professionnelles',
            'Umsetzung der Berufskenntnisse',
            'Applicazione delle conoscenze professionali',
          ],
          preset: 'TAUGHT_AND_PRACTICED_WITH_EVALUATION',
        },
      ],
    },
    {
      name: ['Compétences méthodologiques', 'Methodenkompetenz', 'Competenze metodologiche'],
      reference: '2',
      criteria: [
        evaluation(['Technique de travail', 'Arbeitstechnik', 'Tecnica di lavoro']),
        evaluation([
          'Approche et action interdisciplinaires',
          'Vernetztes Denken und Handeln',
          'Pensiero e azione interdisciplinari',
        ]),
        {
          name: ['Stratégies d’apprentissage', 'Lernstrategien', 'Strategie di apprendimento'],
          preset: 'OBSERVED_WITH_EVALUATION',
        },
      ],
    },
    {
      name: ['Compétences sociales', 'Sozialkompetenz', 'Competenze sociali'],
      reference: '3',
      criteria: [
        evaluation(['Travail en équipe', 'Teamfähigkeit', 'Lavoro di gruppo']),
        evaluation([
          'Communication et gestion des conflits',
          'Kommunikation und Konfliktfähigkeit',
          'Comunicazione e gestione dei conflitti',
        ]),
      ],
    },
    {
      name: ['Compétences personnelles', 'Selbstkompetenz', 'Competenze personali'],
      reference: '4',
      criteria: [
        evaluation([
          'Autonomie et sens des responsabilités',
          'Selbstständigkeit und Verantwortung',
          'Autonomia e senso di responsabilità',
        ]),
        evaluation([
          'Fiabilité, résistance au stress',
          'Zuverlässigkeit, Belastbarkeit',
          'Affidabilità, resistenza allo stress',
        ]),
        evaluation([
          'Comportement et ponctualité',
          'Umgangsformen und Pünktlichkeit',
          'Comportamento e puntualità',
        ]),
      ],
    },
    {
      name: ['Bilan et objectifs', 'Bilanz und Ziele', 'Bilancio e obiettivi'],
      reference: '5',
      inExport: false,
      criteria: [
        {
          name: [
            'Objectifs pour le prochain semestre',
            'Ziele für das nächste Semester',
            'Obiettivi per il prossimo semestre',
          ],
          preset: 'TEXT_ONLY',
        },
        {
          name: ['Mesures convenues', 'Vereinbarte Massnahmen', 'Misure concordate'],
          preset: 'PROGRESSION_WITH_TEXT',
        },
      ],
    },
  ],
};

/** Training plan of the polymechanics apprentices: progression from taught to autonomous. */
const TRAINING_PLAN: DemoTemplate = {
  moduleType: 'TRAINING_PLAN',
  name: [
    'Plan de formation – Polymécanicien·ne CFC',
    'Bildungsplan – Polymechaniker/in EFZ',
    'Piano di formazione – Polimeccanico/a AFC',
  ],
  description: [
    'Suivi des compétences opérationnelles en entreprise, de la démonstration à l’exécution autonome.',
    'Nachweis der Handlungskompetenzen im Betrieb, vom Vorzeigen bis zur selbstständigen Ausführung.',
    'Monitoraggio delle competenze operative in azienda, dalla dimostrazione all’esecuzione autonoma.',
  ],
  graded: false,
  rounding: 'TENTH',
  blocks: [
    {
      name: ['Usinage conventionnel', 'Konventionelle Bearbeitung', 'Lavorazione convenzionale'],
      reference: 'a',
      criteria: [
        {
          name: ['a1 Tourner des pièces', 'a1 Werkstücke drehen', 'a1 Tornire pezzi'],
          preset: 'TAUGHT_AND_PRACTICED',
        },
        {
          name: ['a2 Fraiser des pièces', 'a2 Werkstücke fräsen', 'a2 Fresare pezzi'],
          preset: 'TAUGHT_AND_PRACTICED',
        },
        {
          name: [
            'a3 Percer, aléser et tarauder',
            'a3 Bohren, reiben und gewindeschneiden',
            'a3 Forare, alesare e filettare',
          ],
          preset: 'INSTRUCTED',
        },
      ],
    },
    {
      name: ['Fabrication CNC', 'CNC-Fertigung', 'Produzione CNC'],
      reference: 'b',
      criteria: [
        {
          name: [
            'b1 Programmer une machine CNC',
            'b1 CNC-Maschine programmieren',
            'b1 Programmare una macchina CNC',
          ],
          preset: 'SUPERVISED_OR_AUTONOMOUSLY_EXECUTED',
        },
        {
          name: [
            'b2 Régler et mettre en service la machine',
            'b2 Maschine einrichten und in Betrieb nehmen',
            'b2 Attrezzare e avviare la macchina',
          ],
          preset: 'PROGRESSION',
        },
      ],
    },
    {
      name: ['Montage et maintenance', 'Montage und Instandhaltung', 'Montaggio e manutenzione'],
      reference: 'c',
      criteria: [
        {
          name: [
            'c1 Monter des sous-ensembles',
            'c1 Baugruppen montieren',
            'c1 Montare sottogruppi',
          ],
          preset: 'PROGRESSION',
        },
        {
          name: [
            'c2 Consigner les travaux de maintenance',
            'c2 Instandhaltungsarbeiten protokollieren',
            'c2 Documentare i lavori di manutenzione',
          ],
          preset: 'PROGRESSION_WITH_TEXT',
        },
      ],
    },
    {
      name: ['Contrôle de la qualité', 'Qualitätsprüfung', 'Controllo della qualità'],
      reference: 'd',
      criteria: [
        {
          name: [
            'd1 Mesurer et contrôler des pièces',
            'd1 Werkstücke messen und prüfen',
            'd1 Misurare e controllare pezzi',
          ],
          preset: 'TAUGHT_AND_PRACTICED_WITH_EVALUATION',
        },
      ],
    },
  ],
};

/** IPRE sheet: the practical evaluation of a project, letters, grades and nested blocks. */
const IPRE_SHEET: DemoTemplate = {
  moduleType: 'IPRE_SHEET',
  name: [
    'Fiche IPRE – Projet pratique, Informaticien·ne CFC',
    'IPRE-Blatt – Praxisprojekt, Informatiker/in EFZ',
    'Scheda IPRE – Progetto pratico, Informatico/a AFC',
  ],
  description: [
    'Évaluation d’un projet réalisé en entreprise : préparation, réalisation, documentation et présentation.',
    'Beurteilung eines im Betrieb umgesetzten Projekts: Vorbereitung, Umsetzung, Dokumentation und Präsentation.',
    'Valutazione di un progetto realizzato in azienda: preparazione, realizzazione, documentazione e presentazione.',
  ],
  graded: true,
  rounding: 'TENTH',
  blocks: [
    {
      name: [
        'Préparation et planification',
        'Vorbereitung und Planung',
        'Preparazione e pianificazione',
      ],
      reference: 'P',
      formula: 'AVERAGE',
      criteria: [
        {
          name: ['Analyse du mandat', 'Analyse des Auftrags', 'Analisi del mandato'],
          preset: 'LETTER',
        },
        {
          name: ['Planification du travail', 'Arbeitsplanung', 'Pianificazione del lavoro'],
          preset: 'LETTER',
        },
      ],
    },
    {
      name: ['Réalisation', 'Umsetzung', 'Realizzazione'],
      reference: 'R',
      formula: 'AVERAGE_ROUND_HALF',
      coefficient: '2',
      criteria: [
        {
          name: ['Qualité du résultat', 'Qualität des Ergebnisses', 'Qualità del risultato'],
          preset: 'GRADE',
        },
        {
          name: [
            'Efficacité et respect des délais',
            'Effizienz und Termintreue',
            'Efficienza e rispetto delle scadenze',
          ],
          preset: 'GRADE',
        },
      ],
    },
    {
      name: [
        'Documentation et présentation',
        'Dokumentation und Präsentation',
        'Documentazione e presentazione',
      ],
      reference: 'D',
      formula: 'OVER_FIVE_PLUS_ONE_ROUND',
      blocks: [
        {
          name: ['Documentation', 'Dokumentation', 'Documentazione'],
          reference: 'D1',
          criteria: [
            evaluation([
              'Structure et clarté',
              'Aufbau und Verständlichkeit',
              'Struttura e chiarezza',
            ]),
            evaluation(['Exactitude technique', 'Fachliche Richtigkeit', 'Correttezza tecnica']),
          ],
        },
        {
          name: ['Présentation orale', 'Mündliche Präsentation', 'Presentazione orale'],
          reference: 'D2',
          oneLine: true,
          criteria: [
            evaluation([
              'Expression et supports',
              'Auftreten und Hilfsmittel',
              'Espressione e supporti',
            ]),
            evaluation([
              'Réponses aux questions',
              'Beantwortung der Fragen',
              'Risposte alle domande',
            ]),
          ],
        },
      ],
    },
    {
      name: ['Appréciation générale', 'Gesamteindruck', 'Apprezzamento generale'],
      reference: 'G',
      inExport: false,
      criteria: [
        { name: ['Commentaire final', 'Schlussbemerkung', 'Commento finale'], preset: 'TEXT_ONLY' },
      ],
    },
  ],
};

/** One template of each module type; the seed writes each one in fr, de and it. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  INTERCOMPANY_COURSE,
  TRAINING_REPORT,
  TRAINING_PLAN,
  IPRE_SHEET,
];

/** Free-text remarks an instructor writes, from strong to weak. */
export const DEMO_REMARKS: Record<Locale, string[]> = {
  fr: [
    'Excellent travail, très autonome. Continuer ainsi.',
    'Bon engagement ; soigner encore la documentation.',
    'Progrès visibles, mais le rythme doit augmenter.',
    'Objectifs non atteints : un entretien de suivi est prévu.',
  ],
  de: [
    'Ausgezeichnete Arbeit, sehr selbstständig. Weiter so.',
    'Guter Einsatz; die Dokumentation noch sorgfältiger führen.',
    'Sichtbare Fortschritte, das Arbeitstempo muss aber steigen.',
    'Ziele nicht erreicht: ein Standortgespräch ist vereinbart.',
  ],
  it: [
    'Lavoro eccellente, molto autonomo. Continuare così.',
    'Buon impegno; curare ancora la documentazione.',
    'Progressi visibili, ma il ritmo deve aumentare.',
    'Obiettivi non raggiunti: è previsto un colloquio di verifica.',
  ],
};
