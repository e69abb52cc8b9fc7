import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ScormManifest } from '@atrium/contracts';
import { derivedPrefix } from '../uploads/processing-registry.js';
import { ProcessingError } from '../../jobs/tools.js';
import type { AppDeps } from '../../lib/deps.js';
import { MANIFEST_MAX_BYTES, ManifestError, parseManifest } from './scorm-manifest.js';
import { replaceScormPackage } from './scorm.repository.js';
import { entrySegments } from '../../lib/archive-entry.js';

/** Most entries a package may hold (decision 0031). */
export const SCORM_MAX_ENTRIES = 10_000;
/** Most bytes a package may hold once extracted (decision 0031). */
export const SCORM_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

/** Where the extracted files of a package live: `derived/{uploadId}/scorm/{n}` (keys never derived from entry names). */
export function scormPrefix(uploadId: number): string {
  return `${derivedPrefix(uploadId)}/scorm`;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true, decodeStrings: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

/** Every entry of the central directory; rejects (yauzl) on an absolute path, `..` or a backslash in a name. */
function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > SCORM_MAX_ENTRIES) {
        zip.close();
        reject(new ProcessingError('SCORM_TOO_MANY_FILES', `The package holds more than ${SCORM_MAX_ENTRIES} files`, { limit: SCORM_MAX_ENTRIES }));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

/**
 * Why an entry name is refused, or undefined when it is a safe relative path:
 * entrySegments' rule, and no `.` or empty segment either (SCORM hrefs name files exactly).
 */
export function unsafeEntryReason(name: string): string | undefined {
  const checked = entrySegments(name);
  if ('reason' in checked) return checked.reason;
  if (checked.segments.join('/') !== name.replace(/\/$/, '')) return 'an empty or "." path segment';
  return undefined;
}

const isSymlink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/**
 * Processes the SCORM zip at `file` for upload `uploadId` (decision 0031):
 * reads the central directory and refuses the whole package before writing
 * anything when an entry is unsafe (unsafeEntryReason, symlink), when there are
 * more than SCORM_MAX_ENTRIES entries or more than SCORM_MAX_TOTAL_BYTES
 * declared; validates imsmanifest.xml (parseManifest); then extracts each file
 * to `scormPrefix(uploadId)/{n}` (yauzl checks the real sizes against the
 * declared ones while inflating) and records the package. Throws ProcessingError.
 */
export async function processScormPackage(deps: AppDeps, uploadId: number, file: string): Promise<ScormManifest> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new ProcessingError('SCORM_NOT_ZIP', `This is not a readable zip file (${(error as Error).message})`);
  }
  try {
    let entries: yauzl.Entry[];
    try {
      entries = await readEntries(zip);
    } catch (error) {
      if (error instanceof ProcessingError) throw error;
      throw new ProcessingError('SCORM_UNSAFE_ENTRY', `The package has an unsafe entry (${(error as Error).message})`);
    }
    let total = 0;
    for (const entry of entries) {
      const reason = unsafeEntryReason(entry.fileName);
      if (reason) throw new ProcessingError('SCORM_UNSAFE_ENTRY', `The package entry ${JSON.stringify(entry.fileName)} has ${reason}`);
      if (isSymlink(entry)) throw new ProcessingError('SCORM_UNSAFE_ENTRY', `The package entry ${JSON.stringify(entry.fileName)} is a symbolic link`);
      total += entry.uncompressedSize;
    }
    if (total > SCORM_MAX_TOTAL_BYTES)
      throw new ProcessingError('SCORM_TOO_LARGE', `The package unpacks to ${total} bytes, more than the ${SCORM_MAX_TOTAL_BYTES} allowed`, {
        limit: SCORM_MAX_TOTAL_BYTES,
      });
    const files = entries.filter((e) => !e.fileName.endsWith('/'));
    const byName = new Map(files.map((e) => [e.fileName, e]));
    const manifestEntry = byName.get('imsmanifest.xml');
    if (!manifestEntry) throw new ProcessingError('SCORM_NO_MANIFEST', 'The package has no imsmanifest.xml at its root');
    if (manifestEntry.uncompressedSize > MANIFEST_MAX_BYTES) throw new ProcessingError('SCORM_MANIFEST_TOO_LARGE', 'imsmanifest.xml is too large');
    const chunks: Buffer[] = [];
    for await (const chunk of await openEntry(zip, manifestEntry)) chunks.push(chunk as Buffer);
    let manifest: ScormManifest;
    try {
      manifest = parseManifest(Buffer.concat(chunks).toString('utf8'), (p) => byName.has(p));
    } catch (error) {
      if (error instanceof ManifestError) throw new ProcessingError(error.failureCode, error.message, error.failureParams);
      throw error;
    }

    const prefix = scormPrefix(uploadId);
    await deps.storage.deletePrefix(prefix);
    const keys: Record<string, string> = {};
    try {
      let n = 0;
      for (const entry of files) {
        const key = `${prefix}/${n++}`;
        await deps.storage.put(key, await openEntry(zip, entry), { maxBytes: entry.uncompressedSize, skipHash: true });
        keys[entry.fileName] = key;
      }
    } catch (error) {
      await deps.storage.deletePrefix(prefix);
      throw new ProcessingError('SCORM_EXTRACT_FAILED', `The package could not be extracted (${(error as Error).message})`);
    }
    await replaceScormPackage(deps.db, uploadId, { version: manifest.version, title: manifest.title, scos: manifest.scos, files: keys, totalSize: total });
    return manifest;
  } finally {
    zip.close();
  }
}
