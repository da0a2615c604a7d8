import Papa from 'papaparse';

/**
 * Reads a CSV text as rows of cells with papaparse: quoted cells (with "" for a quote and line
 * breaks inside), a byte order mark, and the separator guessed (Swiss spreadsheets save ';', others
 * ',' or a tab). Blank lines are skipped; line ends may be mixed.
 */
export function parseCsv(text: string): string[][] {
  // one kind of line end, whatever mixture the file holds
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result = Papa.parse<string[]>(source, {
    newline: '\n',
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  return result.data;
}
