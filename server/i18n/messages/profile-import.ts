/** Messages of the profile import (POST /api/profiles/import/). */
export const profileImport = {
  fr: {
    duplicateInFile: 'Cette adresse e-mail apparaît plusieurs fois dans le fichier',
    importRoleNotAllowed:
      'Seuls les apprenti·e·s et les formateur·trice·s peuvent être importé·e·s',
  },
  de: {
    duplicateInFile: 'Diese E-Mail-Adresse kommt in der Datei mehrmals vor',
    importRoleNotAllowed:
      'Nur Lernende sowie Ausbildnerinnen und Ausbildner können importiert werden',
  },
  it: {
    duplicateInFile: 'Questo indirizzo e-mail compare più volte nel file',
    importRoleNotAllowed: 'Si possono importare solo apprendisti e formatori',
  },
};
