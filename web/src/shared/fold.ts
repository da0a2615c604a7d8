/** Lower case without accents, so that "lea" finds "Léa" (as the server's search does). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
