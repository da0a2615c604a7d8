/**
 * Search that ignores accents and case, the same in the database and in code: the characters of
 * the names of Swiss and European people, each with its letter without accent (one for one, as
 * SQL's translate() takes them).
 */
export const ACCENTED =
  'àáâäãåāăąçćčďèéêëēėęěìíîïīįłľĺñńňòóôöõőøōŕřśšşťùúûüůűūýÿźżžÀÁÂÄÃÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁĽĹÑŃŇÒÓÔÖÕŐØŌŔŘŚŠŞŤÙÚÛÜŮŰŪÝŸŹŻŽ';
export const PLAIN =
  'aaaaaaaaacccdeeeeeeeeiiiiiilllnnnoooooooorrssstuuuuuuuyyzzzAAAAAAAAACCCDEEEEEEEEIIIIIILLLNNNOOOOOOOORRSSSTUUUUUUUYYZZZ';

/** `text` as searched: accents dropped (ACCENTED → PLAIN), lower case. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const c of text) {
    const i = ACCENTED.indexOf(c);
    folded += i < 0 ? c : PLAIN[i];
  }
  return folded.toLowerCase();
}

/**
 * The words a profile must contain, each somewhere in its names or address: `search` folded and
 * split, without the words another one contains (`mul` adds nothing to `muller`). What is found
 * is the same; the database checks each word once, however often it was typed.
 */
export function searchWords(search: string): string[] {
  const words = [...new Set(foldForSearch(search).split(/\s+/).filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}
