/**
 * Fill-in-blank markers (issue 15): a fill_in_blank subject's description marks its blanks as
 * `[[1]]`, `[[2]]` … (1-based, at most two digits, as the server counts them in `blankCount`).
 */
const BLANK_MARKER = /\[\[(\d{1,2})\]\]/g;

/** The blank numbers marked in a description, in order of appearance, each once. */
export function blankNumbersOf(html: string): number[] {
  const seen = new Set<number>();
  for (const match of html.matchAll(BLANK_MARKER)) {
    const n = Number(match[1]);
    if (n > 0) seen.add(n);
  }
  return [...seen];
}

/**
 * The description's HTML with the first marker of each blank 1..`count` replaced by an empty
 * `<span data-blank="n">` where the blank's input goes (a repeated or out-of-range marker stays
 * text), and the numbers placed that way. The HTML is the server's sanitised rich text; only the
 * marker text is replaced, so nothing else of it changes.
 */
export function markBlanks(html: string, count: number): { html: string; placed: number[] } {
  const placed: number[] = [];
  const marked = html.replace(BLANK_MARKER, (marker, digits: string) => {
    const n = Number(digits);
    if (n < 1 || n > count || placed.includes(n)) return marker;
    placed.push(n);
    return `<span class="exam-blank" data-blank="${n}"></span>`;
  });
  return { html: marked, placed };
}

/** The description's HTML with each `[[n]]` marker shown as a numbered gap (read-only views: results, review, the team's list). */
export function showBlankGaps(html: string): string {
  return html.replace(BLANK_MARKER, (_marker, digits: string) => `<span class="exam-blank-gap">${Number(digits)}</span>`);
}
