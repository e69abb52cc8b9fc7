/**
 * The `file` parameter of the embedded PDF viewers (spec §2 `/note-bene/pdf-viewer?file=`,
 * `/anonymous-api/pdf-viewer?file=`): only a same-origin path is loaded, so the
 * page cannot be used to show someone else's document under our name.
 * Answers the path (with its query) or null.
 */
export function embeddedFileUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return null;
    if (!/^\/(api|anonymous-api)\//.test(url.pathname)) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
