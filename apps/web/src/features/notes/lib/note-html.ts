/**
 * Note HTML helpers of the note box: the text a note shows and whether it is
 * blank. The server sanitises whatever HTML arrives (spec §3 Note).
 */

/** HTML to its plain text: paragraphs and breaks become new lines, tags go, entities are decoded. */
export function noteHtmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>\s*/gi, '\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n+$/, '');
}

/** True when the note shows nothing: no visible text, no image, no formula (the form refuses it before asking the server, as the server would). */
export function isBlankNote(html: string): boolean {
  if (/<img\s/i.test(html) || /\sdata-latex="[^"]+"/i.test(html)) return false;
  return noteHtmlToText(html).trim() === '';
}

/** A note's anchor as the list shows it: `m:ss` for video seconds, the page number for documents, nothing for images. */
export function formatAnchor(targetType: 'video' | 'document' | 'image', anchor: number): string {
  if (targetType === 'video') {
    const s = Math.floor(anchor);
    const h = Math.floor(s / 3600);
    const mm = String(Math.floor((s % 3600) / 60)).padStart(h > 0 ? 2 : 1, '0');
    const ss = String(s % 60).padStart(2, '0');
    return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
  }
  return String(anchor);
}
