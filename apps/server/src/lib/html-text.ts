/**
 * Plain text of rich text the server stored, for lists, notices and exports (forum topic excerpts,
 * notification excerpts, exam statistics). The input must be the output of the server's sanitiser
 * (lib/sanitize-html.ts, sanitize-html): its tags are balanced with quoted attributes, and `<`, `>`
 * and `&` in text and attributes are escaped, so removing `<…>` runs is exact and needs no parser on a
 * hot path (a forum page presents 20 excerpts per request). Untrusted HTML goes through the sanitiser
 * first, never straight here.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Block ends and line breaks, which separate words once the tags are gone. */
const BREAKS = /<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)\s*>|<br\s*\/?>/gi;

/** Decodes the named entities the sanitiser writes and every numeric one (`&#233;`, `&#xE9;`); others stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of sanitised HTML: tags dropped, block ends and `<br>` as spaces, entities decoded, whitespace collapsed. */
export function textOfSanitised(html: string): string {
  return decodeEntities(html.replace(BREAKS, ' $&').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * At most `max` characters (UTF-16 units) of the text of sanitised HTML: the whole text when it fits,
 * else cut at the last space of the second half (at `max` − 1 when there is none) and ended with `…`.
 */
export function excerptOf(html: string, max: number): string {
  const text = textOfSanitised(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
