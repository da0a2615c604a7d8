/**
 * Names safe in a ZIP on every system, and unique whatever the case: "Muster Léa.pdf", then
 * "Muster Léa (2).pdf" for a namesake. One namer per archive.
 */
export function uniqueNamer(): (raw: string) => string {
  const taken = new Set<string>();
  return (raw) => {
    const clean =
      [...raw.replace(/[\p{Cc}\p{Cf}]/gu, '')]
        .map((char) => ('\\/:*?"<>|'.includes(char) ? '_' : char))
        .join('')
        .trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  };
}
