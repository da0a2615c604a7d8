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
