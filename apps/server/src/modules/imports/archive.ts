import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import type { FailureCode, FailureParams } from '@atrium/contracts';
import { entrySegments } from '../../lib/archive-entry.js';
import { FailureError } from '../../lib/failure.js';

/**
 * Limits on what one archive may unpack to (issue 8 §3 safety). Bytes; the ratio
 * is uncompressed bytes over compressed bytes, checked once more than
 * `ratioGraceBytes` came out (small archives of XML legitimately compress well).
 */
export interface ArchiveLimits {
  maxUncompressedBytes: number;
  maxEntries: number;
  maxCompressionRatio: number;
  ratioGraceBytes?: number;
}

export type ArchiveErrorCode =
  'unsupported_container' | 'unsafe_path' | 'link_entry' | 'special_entry' | 'too_large' | 'too_many_entries' | 'compression_ratio' | 'corrupt';

/**
 * Why an archive was refused: `code` says which check refused it, the failure
 * code is `ARCHIVE_<CODE>` with `params.limit` for a limit that was passed;
 * `message` ends up in the import's reason (English, for logs and old clients).
 */
export class ArchiveError extends FailureError {
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
    params: FailureParams = {},
  ) {
    super(`ARCHIVE_${code.toUpperCase()}` as FailureCode, message, params);
    this.name = 'ArchiveError';
  }
}

/** What was unpacked: relative POSIX paths of the files (no directories) and their total size in bytes. */
export interface ExtractedArchive {
  container: 'tar.gz' | 'zip';
  files: string[];
  bytes: number;
}

/**
 * The container a file is by its first bytes (never by its name): gzip (1f 8b,
 * a Moodle tar.gz backup) or zip (PK\x03\x04, or PK\x05\x06 for an empty zip).
 */
export async function detectContainer(file: string): Promise<'tar.gz' | 'zip' | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
    if (bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))) return 'zip';
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * The safe relative path of an archive entry name, or `null` for the archive
 * root itself (`./`). Leading `./` is dropped. Throws ArchiveError('unsafe_path')
 * for the reasons of entrySegments (absolute, drive letter, backslash, control character, `..`).
 */
export function safeEntryPath(name: string): string | null {
  const checked = entrySegments(name);
  if ('reason' in checked) throw new ArchiveError('unsafe_path', `The archive entry ${JSON.stringify(name)} has ${checked.reason}`);
  return checked.segments.length === 0 ? null : checked.segments.join('/');
}

/**
 * Entries skipped without being written: Moodle's `.ARCHIVE_INDEX` (a listing
 * the importer does not need; some backups even repeat it as a hard link to itself).
 */
function isIgnored(relative: string | null): boolean {
  return relative === '.ARCHIVE_INDEX';
}

/** Absolute target of `relative` inside `root`; throws when it would resolve outside (belt and braces after safeEntryPath). */
function targetOf(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (!target.startsWith(root + path.sep)) throw new ArchiveError('unsafe_path', `The archive entry "${relative}" points outside the archive`);
  return target;
}

/** Counts bytes flowing through; calls `check` after each chunk (it throws to stop the stream). */
function counter(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        onBytes(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

class Budget {
  bytes = 0;
  entries = 0;
  compressed = 0;
  constructor(private readonly limits: ArchiveLimits) {}
  private get grace() {
    return this.limits.ratioGraceBytes ?? 1024 * 1024;
  }
  addEntry(declaredSize: number, name: string) {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries)
      throw new ArchiveError('too_many_entries', `The archive has more than ${this.limits.maxEntries} entries`, { limit: this.limits.maxEntries });
    if (this.bytes + declaredSize > this.limits.maxUncompressedBytes)
      throw new ArchiveError('too_large', `The archive unpacks to more than ${this.limits.maxUncompressedBytes} bytes (at "${name}")`, {
        limit: this.limits.maxUncompressedBytes,
      });
  }
  addBytes(n: number) {
    this.bytes += n;
    if (this.bytes > this.limits.maxUncompressedBytes)
      throw new ArchiveError('too_large', `The archive unpacks to more than ${this.limits.maxUncompressedBytes} bytes`, {
        limit: this.limits.maxUncompressedBytes,
      });
    this.checkRatio(this.bytes);
  }
  checkRatio(uncompressed: number) {
    if (uncompressed > this.grace && uncompressed > this.limits.maxCompressionRatio * Math.max(1, this.compressed)) {
      throw new ArchiveError('compression_ratio', `The archive expands more than ${this.limits.maxCompressionRatio} times (a compression bomb?)`, {
        limit: this.limits.maxCompressionRatio,
      });
    }
  }
}

async function writeEntry(stream: Readable, target: string, budget: Budget): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(
    stream,
    counter((n) => budget.addBytes(n)),
    createWriteStream(target, { flags: 'wx' }),
  );
}

async function extractTarGz(file: string, root: string, limits: ArchiveLimits): Promise<ExtractedArchive> {
  const budget = new Budget(limits);
  const files: string[] = [];
  let gunzipped = 0;
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = zlib.createGunzip();
  // The whole gzip output (headers and padding too) is held to the limits, so a bomb without tar headers stops as well.
  const feeding = pipeline(
    source,
    counter((n) => {
      budget.compressed += n;
    }),
    gunzip,
    counter((n) => {
      gunzipped += n;
      if (gunzipped > limits.maxUncompressedBytes + 1024 * 1024)
        throw new ArchiveError('too_large', `The archive unpacks to more than ${limits.maxUncompressedBytes} bytes`, { limit: limits.maxUncompressedBytes });
      budget.checkRatio(gunzipped);
    }),
    extract,
  );
  let feedError: unknown;
  feeding.catch((error: unknown) => {
    feedError = error;
    extract.destroy(error as Error);
  });
  try {
    for await (const entry of extract) {
      const { header } = entry;
      const relative = safeEntryPath(header.name);
      if (isIgnored(relative)) {
        entry.resume();
        continue;
      }
      if (header.type === 'symlink' || header.type === 'link') {
        throw new ArchiveError('link_entry', `The archive entry "${header.name}" is a ${header.type === 'link' ? 'hard link' : 'symbolic link'}`);
      }
      if (header.type === 'directory') {
        entry.resume();
        if (relative) await mkdir(targetOf(root, relative), { recursive: true });
        continue;
      }
      if (header.type !== 'file' && header.type !== 'contiguous-file') {
        throw new ArchiveError('special_entry', `The archive entry "${header.name}" is not a regular file (${header.type ?? 'unknown'})`);
      }
      if (!relative) throw new ArchiveError('unsafe_path', `The archive has a file entry without a name`);
      budget.addEntry(header.size ?? 0, relative);
      await writeEntry(entry as unknown as Readable, targetOf(root, relative), budget);
      files.push(relative);
    }
    await feeding;
  } catch (error) {
    source.destroy();
    throw wrapError(feedError ?? error);
  }
  return { container: 'tar.gz', files, bytes: budget.bytes };
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings false: entry names reach safeEntryPath as they are (yauzl's own check would hide which rule failed).
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

function readAllEntries(zip: yauzl.ZipFile, budget: Budget, limits: ArchiveLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        entries.push(entry);
        if (entries.length > limits.maxEntries)
          throw new ArchiveError('too_many_entries', `The archive has more than ${limits.maxEntries} entries`, { limit: limits.maxEntries });
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes)
          throw new ArchiveError('too_large', `The archive declares more than ${limits.maxUncompressedBytes} bytes`, { limit: limits.maxUncompressedBytes });
        zip.readEntry();
      } catch (error) {
        reject(error as Error);
      }
    });
    zip.on('end', () => {
      // Checked before anything is written: the central directory's own sizes.
      try {
        budget.compressed = zip.fileSize;
        budget.checkRatio(declared);
        resolve(entries);
      } catch (error) {
        reject(error as Error);
      }
    });
    zip.on('error', reject);
    zip.readEntry();
  });
}

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  return typeof raw === 'string' ? raw : raw.toString('utf8');
}

async function extractZip(file: string, root: string, limits: ArchiveLimits): Promise<ExtractedArchive> {
  const budget = new Budget(limits);
  const zip = await openZip(file).catch((error: unknown) => {
    throw wrapError(error);
  });
  try {
    const entries = await readAllEntries(zip, budget, limits);
    const files: string[] = [];
    for (const entry of entries) {
      const name = entryName(entry);
      const relative = safeEntryPath(name);
      if (isIgnored(relative)) continue;
      const unixMode = (entry.externalFileAttributes >>> 16) & 0o170000;
      if (unixMode === 0o120000) throw new ArchiveError('link_entry', `The archive entry "${name}" is a symbolic link`);
      if (unixMode !== 0 && unixMode !== 0o100000 && unixMode !== 0o040000)
        throw new ArchiveError('special_entry', `The archive entry "${name}" is not a regular file`);
      if (name.endsWith('/') || unixMode === 0o040000) {
        if (relative) await mkdir(targetOf(root, relative), { recursive: true });
        continue;
      }
      if (!relative) throw new ArchiveError('unsafe_path', `The archive has a file entry without a name`);
      budget.addEntry(entry.uncompressedSize, relative);
      const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))));
      await writeEntry(stream, targetOf(root, relative), budget);
      files.push(relative);
    }
    return { container: 'zip', files, bytes: budget.bytes };
  } catch (error) {
    throw wrapError(error);
  } finally {
    zip.close();
  }
}

function wrapError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return new ArchiveError('unsafe_path', 'The archive holds the same file twice');
  return new ArchiveError('corrupt', `The archive is damaged or truncated (${message})`);
}

/**
 * Unpacks `file` (tar.gz or zip, by magic bytes) into the empty folder `root`,
 * streaming, refusing unsafe entries and holding it to `limits` before and
 * while writing. Throws ArchiveError; on error the caller removes `root`
 * (withTempDir does). Never follows or creates links.
 */
export async function extractArchive(file: string, root: string, limits: ArchiveLimits): Promise<ExtractedArchive> {
  const container = await detectContainer(file);
  if (!container) throw new ArchiveError('unsupported_container', 'This file is neither a tar.gz nor a zip archive');
  const absoluteRoot = path.resolve(root);
  return container === 'zip' ? extractZip(file, absoluteRoot, limits) : extractTarGz(file, absoluteRoot, limits);
}

/** Runs `fn` with a fresh private temporary folder that is removed afterwards, whatever happens. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>, parent = os.tmpdir()): Promise<T> {
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, prefix));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
