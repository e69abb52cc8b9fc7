/** One CJK character (Han, kana, Hangul). */
const CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

/**
 * Spaces out every CJK character so PostgreSQL's text-search parser makes each one a token:
 * Chinese, Japanese and Korean write no spaces between words (the forum's and the library's
 * full-text search, decisions 0110 and 0132).
 */
export function spaceCjk(text: string): string {
  return text.replace(CJK, ' $1 ').replace(/\s+/g, ' ').trim();
}
