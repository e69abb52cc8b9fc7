import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, PayloadLimitError, type ComposeSource, type ObjectStore, type StoredObject } from './object-store.js';

const WRITE_BATCH_BYTES = 1 << 20;

/**
 * Objects as files under `root` (default `ATRIUM_DATA_DIR/files`). Writes go to
 * a temporary file first and are renamed into place, so a broken transfer
 * leaves nothing at the key.
 */
export class LocalStore implements ObjectStore {
  readonly storageType = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Readable, options: { maxBytes?: number; skipHash?: boolean } = {}): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit) return done(new PayloadLimitError(limit));
        if (!options.skipHash) hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmp, { highWaterMark: 1 << 20 }));
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { size, sha256: options.skipHash ? '' : hash.digest('hex') };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file); // rejects with ENOENT before a stream is handed out
    return createReadStream(file, range);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return { size: s.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async writeAt(key: string, position: number, body: Readable, options: { maxBytes: number }): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const handle = await open(target, constants.O_WRONLY | constants.O_CREAT); // neither truncates nor appends
    let size = 0;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    // One positional writev per MiB: a write per socket read (~64 KiB) costs the event loop more than the bytes.
    const flush = async () => {
      let written = 0;
      while (written < batchBytes) {
        const rest = written === 0 ? batch : [Buffer.concat(batch).subarray(written)];
        written += (await handle.writev(rest, position + size + written)).bytesWritten;
      }
      size += batchBytes;
      batch = [];
      batchBytes = 0;
    };
    try {
      for await (const data of body) {
        const chunk = data as Buffer;
        if (size + batchBytes + chunk.length > options.maxBytes) throw new PayloadLimitError(options.maxBytes);
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
    } catch (error) {
      body.destroy();
      throw error;
    } finally {
      await handle.close();
    }
    return { size };
  }

  async adopt(key: string, source: string, size: number): Promise<void> {
    const from = this.pathOf(source);
    const target = this.pathOf(key);
    await truncate(from, size);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  }

  async compose(key: string, sources: readonly ComposeSource[], observe?: (index: number, chunk: Buffer) => void): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const out = createWriteStream(tmp, { highWaterMark: 8 << 20 }); // room for reads to run ahead of the disk
    try {
      for (const [index, source] of sources.entries()) {
        const range = typeof source === 'string' ? {} : { start: source.start, end: source.start + source.size - 1 };
        const file = this.pathOf(typeof source === 'string' ? source : source.key);
        for await (const data of createReadStream(file, { highWaterMark: 1 << 20, ...range })) {
          const chunk = data as Buffer;
          size += chunk.length;
          hash.update(chunk);
          observe?.(index, chunk);
          if (!out.write(chunk)) await once(out, 'drain');
        }
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      await rename(tmp, target);
    } catch (error) {
      out.destroy();
      await rm(tmp, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }
}
