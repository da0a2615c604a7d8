/**
 * The PDF exports use the standard Helvetica, which prints the WinAnsi characters only (Latin-1
 * and a few more: € – “ ” Š š Ž ž Œ œ…): any other character would come out as garbage. Names
 * like "Čolić" or "Łukasz" are printed without their marks ("Colic", "Lukasz") instead.
 */
const EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Letters that do not decompose into a base letter and a mark. */
const BASE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };

const printable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    c === '\n' ||
    c === '\r' ||
    c === '\t' ||
    EXTRA.includes(c)
  );
};

export const isWinAnsi = (text: string) => [...text].every(printable);

function replacement(c: string): string {
  if (BASE[c]) return BASE[c];
  if (/\p{Zs}/u.test(c)) return ' ';
  if (/\p{Pd}/u.test(c)) return '-';
  const base = c.normalize('NFD').replace(/\p{M}/gu, '');
  return isWinAnsi(base) ? base : '?'; // a lone mark gives '' and goes away
}

/** `text` with every character Helvetica cannot print replaced by its base letter, or "?". */
export function toWinAnsi(text: string): string {
  const composed = text.normalize('NFC');
  if (isWinAnsi(composed)) return composed;
  return [...composed].map((c) => (printable(c) ? c : replacement(c))).join('');
}

/** The same data with every string printable in Helvetica (see toWinAnsi). */
export function winAnsiDeep<T>(value: T): T {
  if (typeof value === 'string') return toWinAnsi(value) as T;
  if (Array.isArray(value)) return value.map(winAnsiDeep) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, winAnsiDeep(item)]),
    ) as T;
  return value;
}
