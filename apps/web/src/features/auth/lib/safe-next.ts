/** Where the user lands after signing in when no usable `next` is given. */
export const DEFAULT_AFTER_LOGIN = '/user/index';

/**
 * The path to open after signing in: `next` when it is a same-origin path
 * (starts with one '/', not '//' or '/\\'), else `/user/index`. Guards against
 * open redirects through `/login?next=`.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20)) return DEFAULT_AFTER_LOGIN;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login#')) return DEFAULT_AFTER_LOGIN;
  return next;
}
