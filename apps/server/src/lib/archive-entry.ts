/**
 * Archive entry names are hostile input (zip-slip, tar path traversal). One rule for
 * every archive Atrium opens (SCORM packages, decision 0031; Moodle backups, decision 0040).
 */

/** A name is refused for one of these reasons. */
export type UnsafeEntryReason = 'an absolute path' | 'a drive letter' | 'a backslash' | 'a control character' | 'a path outside the archive';

/**
 * Splits an archive entry name into its path segments, dropping `.` and empty
 * segments (`./a//b` → `['a', 'b']`; the archive root `./` → `[]`). Answers the
 * reason instead when the name is unsafe: absolute (`/…`), a drive letter (`C:`),
 * a backslash, a control character (NUL included) or any `..` segment.
 */
export function entrySegments(name: string): { segments: string[] } | { reason: UnsafeEntryReason } {
  if (name.startsWith('/')) return { reason: 'an absolute path' };
  if (/^[a-zA-Z]:/.test(name)) return { reason: 'a drive letter' };
  if (name.includes('\\')) return { reason: 'a backslash' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return { reason: 'a control character' };
  const segments = name.split('/').filter((p) => p !== '' && p !== '.');
  if (segments.includes('..')) return { reason: 'a path outside the archive' };
  return { segments };
}
