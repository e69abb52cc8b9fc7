/**
 * The hash routes of the forum pages (spec §2): `#/topics/{topicId}?reply={r}` on the course forum,
 * `#/forum/{id}` and `#/meeting/{id}` on the teaching team's page, `#/topics/{topicId}?groupId={g}` on
 * the group-set page. The hash carries its own query after `?`.
 */
export interface HashRoute {
  /** Path segments after `#/`, e.g. `['topics', '5']`. */
  segments: string[];
  params: URLSearchParams;
}

/** Splits `#/topics/5?reply=9` into `{ segments: ['topics', '5'], params: reply=9 }`. */
export function parseHash(hash: string): HashRoute {
  const raw = hash.replace(/^#\/?/, '');
  const at = raw.indexOf('?');
  const path = at >= 0 ? raw.slice(0, at) : raw;
  const query = at >= 0 ? raw.slice(at + 1) : '';
  return { segments: path.split('/').filter(Boolean), params: new URLSearchParams(query) };
}

/** Builds `#/a/b?x=1` from segments and params (empty values left out). */
export function buildHash(segments: (string | number)[], params: Record<string, string | number | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const qs = query.toString();
  return `#/${segments.join('/')}${qs ? `?${qs}` : ''}`;
}

/** A positive integer from a string, else null. */
export function positiveId(value: string | null | undefined): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}
