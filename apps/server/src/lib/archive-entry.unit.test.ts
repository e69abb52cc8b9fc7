import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entrySegments } from './archive-entry.js';

describe('entrySegments (one rule for SCORM packages and Moodle backups)', () => {
  it.each([
    ['/etc/passwd', 'an absolute path'],
    ['C:evil.txt', 'a drive letter'],
    ['a\\..\\..\\evil', 'a backslash'],
    ['a\u0000b', 'a control character'],
    ['../../evil.txt', 'a path outside the archive'],
    ['./a/../../evil.txt', 'a path outside the archive'],
  ])('refuses %j: %s', (name, reason) => {
    expect(entrySegments(name)).toEqual({ reason });
  });

  it('drops "." and empty segments', () => {
    expect(entrySegments('././a//b/./c.xml')).toEqual({ segments: ['a', 'b', 'c.xml'] });
    expect(entrySegments('./')).toEqual({ segments: [] });
  });

  it('whatever the name, an accepted path resolves inside the extraction folder', () => {
    const root = path.resolve('/tmp/extract-root');
    const piece = fc.constantFrom('a', 'b', '..', '.', '', '\\', '/', 'C:', '\u0000', 'x.xml');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const checked = entrySegments(pieces.join(''));
        if ('reason' in checked || checked.segments.length === 0) return;
        const target = path.resolve(root, ...checked.segments);
        expect(target.startsWith(root + path.sep)).toBe(true);
      }),
    );
  });
});
