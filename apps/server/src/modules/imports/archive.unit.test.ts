import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tarGz, zip, type RawEntry } from '../../../test/helpers/hostile-archives.js';
import { ArchiveError, extractArchive, safeEntryPath, withTempDir, type ArchiveLimits } from './archive.js';

const LIMITS: ArchiveLimits = { maxUncompressedBytes: 50 * 1024 * 1024, maxEntries: 1000, maxCompressionRatio: 100 };

/** Every file under `dir`, relative. */
function walk(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))],
  );
}

let sandbox: string;
let archiveFile: string;
let jobParent: string;

beforeEach(() => {
  // sandbox/ holds the archive and jobs/ (the parent of each job's temp folder); anything that escapes lands in sandbox or above.
  sandbox = mkdtempSync(path.join(os.tmpdir(), 'atrium-archive-test-'));
  archiveFile = path.join(sandbox, 'package.mbz');
  jobParent = path.join(sandbox, 'jobs');
});
afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

async function run(bytes: Buffer, limits = LIMITS) {
  writeFileSync(archiveFile, bytes);
  let tempSeen = '';
  const outcome = await withTempDir(
    'job-',
    async (dir) => {
      tempSeen = dir;
      return extractArchive(archiveFile, path.join(dir, 'x'), limits);
    },
    jobParent,
  ).then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  // Whatever happened: the temp folder is gone and nothing else was written next to the archive or above it.
  expect(existsSync(tempSeen)).toBe(false);
  expect(walk(sandbox)).toEqual(['package.mbz']);
  expect(existsSync(path.join(os.tmpdir(), 'evil.txt'))).toBe(false);
  return outcome;
}

async function refused(bytes: Buffer, code: ArchiveError['code'], limits = LIMITS) {
  const { error } = await run(bytes, limits);
  expect(error).toBeInstanceOf(ArchiveError);
  expect((error as ArchiveError).code).toBe(code);
  return error as ArchiveError;
}

const BACKUP: RawEntry[] = [
  { name: 'moodle_backup.xml', data: '<moodle_backup/>' },
  { name: 'files/ab/abcdef', data: 'blob' },
];

describe('safeEntryPath', () => {
  it('drops ./ and keeps plain relative names', () => {
    expect(safeEntryPath('./moodle_backup.xml')).toBe('moodle_backup.xml');
    expect(safeEntryPath('././a//b/./c.xml')).toBe('a/b/c.xml');
    expect(safeEntryPath('./')).toBeNull();
  });
  it.each(['../evil.txt', 'a/../../evil.txt', '/etc/passwd', 'C:/evil.txt', 'c:evil', 'a\\..\\evil.txt', 'a\0b'])('refuses %j', (name) => {
    expect(() => safeEntryPath(name)).toThrow(ArchiveError);
  });
});

describe('extractArchive', () => {
  it('unpacks a tar.gz with or without ./ and ignores .ARCHIVE_INDEX (also when repeated as a hard link)', async () => {
    const bytes = await tarGz([
      { name: './', type: 'directory' },
      { name: './.ARCHIVE_INDEX', data: 'index' },
      { name: '.ARCHIVE_INDEX', type: 'link', linkname: './.ARCHIVE_INDEX' },
      { name: './moodle_backup.xml', data: '<moodle_backup/>' },
      { name: 'files/ab/abcdef', data: 'blob' },
    ]);
    const { value, error } = await run(bytes);
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ container: 'tar.gz', files: ['moodle_backup.xml', 'files/ab/abcdef'], bytes: 20 });
  });

  it('detects zip by magic bytes whatever the name', async () => {
    const { value, error } = await run(zip(BACKUP));
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ container: 'zip', files: ['moodle_backup.xml', 'files/ab/abcdef'] });
  });

  it('refuses a file that is neither gzip nor zip', async () => {
    await refused(Buffer.from('Rar!\x1a\x07\x00 not a backup'), 'unsupported_container');
  });

  it.each([
    ['tar traversal', '../evil.txt'],
    ['tar deep traversal', 'activities/../../evil.txt'],
    ['tar absolute path', '/tmp/evil.txt'],
    ['tar backslash', '..\\evil.txt'],
    ['tar drive letter', 'C:/evil.txt'],
  ])('refuses %s', async (_label, name) => {
    await refused(await tarGz([...BACKUP, { name, data: 'pwned' }]), 'unsafe_path');
  });

  it.each([
    ['zip-slip', '../evil.txt'],
    ['zip absolute path', '/tmp/evil.txt'],
    ['zip backslash traversal', '..\\..\\evil.txt'],
  ])('refuses %s', async (_label, name) => {
    await refused(zip([...BACKUP, { name, data: 'pwned' }]), 'unsafe_path');
  });

  it('refuses symlink and hard link entries in tar and zip', async () => {
    await refused(await tarGz([...BACKUP, { name: 'files/link', type: 'symlink', linkname: '/etc/passwd' }]), 'link_entry');
    await refused(await tarGz([...BACKUP, { name: 'files/hard', type: 'link', linkname: '/etc/passwd' }]), 'link_entry');
    await refused(zip([...BACKUP, { name: 'files/link', type: 'symlink', linkname: '/etc/passwd' }]), 'link_entry');
  });

  it('refuses a gzip compression bomb while extracting, before it fills the disk', async () => {
    const zeros = Buffer.alloc(30 * 1024 * 1024);
    const bomb = await tarGz([
      { name: 'moodle_backup.xml', data: '<x/>' },
      { name: 'files/00/zeros', data: zeros },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await refused(bomb, 'compression_ratio');
  });

  it('refuses a zip bomb from its central directory, before writing anything', async () => {
    const bomb = zip([{ name: 'zeros', data: Buffer.alloc(20 * 1024 * 1024) }]);
    await refused(bomb, 'compression_ratio');
  });

  it('holds archives to the uncompressed size and entry count limits', async () => {
    const big = await tarGz([
      { name: 'a', data: Buffer.alloc(4096, 7) },
      { name: 'b', data: Buffer.alloc(4096, 8) },
    ]);
    await refused(big, 'too_large', { ...LIMITS, maxUncompressedBytes: 6000 });
    const many = zip(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: 'x' })));
    await refused(many, 'too_many_entries', { ...LIMITS, maxEntries: 10 });
  });

  it('refuses a truncated archive as damaged', async () => {
    const whole = await tarGz([...BACKUP, { name: 'files/cd/cdef', data: Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251)) }]);
    await refused(whole.subarray(0, Math.floor(whole.length / 2)), 'corrupt');
    const wholeZip = zip(BACKUP);
    await refused(wholeZip.subarray(0, wholeZip.length - 30), 'corrupt');
  });

  it('writes the same bytes it read', async () => {
    const data = zlib.gzipSync('not used');
    const { value } = await withTempDir(
      'job-',
      async (dir) => {
        writeFileSync(archiveFile, await tarGz([{ name: 'files/aa/blob', data }]));
        const out = await extractArchive(archiveFile, path.join(dir, 'x'), LIMITS);
        return { value: { out, bytes: readFileSync(path.join(dir, 'x', 'files/aa/blob')) } };
      },
      jobParent,
    );
    expect(value.out.files).toEqual(['files/aa/blob']);
    expect(value.bytes.equals(data)).toBe(true);
  });
});
