import sanitizeHtml from 'sanitize-html';
import { spaceCjk } from '../../lib/cjk.js';

/**
 * Full-text search of the forum (issue 18 §1 "search (PostgreSQL full-text search; works on PGlite
 * too)", decision 0110). Topics and replies store `search_text` — the plain text of their title
 * and HTML — from which PostgreSQL generates the `search` tsvector (`to_tsvector('simple', …)`,
 * GIN-indexed). The `simple` configuration does not stem, so it behaves the same for every
 * language; Chinese, Japanese and Korean have no spaces between words, so every CJK character is
 * spaced out and becomes one token. A query is converted the same way: each whitespace-separated
 * word becomes a phrase query (its CJK characters must follow each other), and all words must match.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The plain text of sanitised HTML (tags dropped, block ends as spaces, common entities decoded). */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

export { spaceCjk };

/** The `search_text` of a topic (title and content) or a reply (content only): plain text, CJK spaced, at most 100,000 characters. */
export function searchTextOf(title: string | null, html: string): string {
  return spaceCjk([title ?? '', plainText(html)].join(' ')).slice(0, 100_000);
}

/** The words of a user's search `q` as the search documents hold them (CJK spaced; at most 12 words). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .split(/\s+/)
    .map((w) => spaceCjk(w.replace(/[^\p{L}\p{N}_-]+/gu, ' ')))
    .filter((w) => w.trim() !== '')
    .slice(0, 12);
}
