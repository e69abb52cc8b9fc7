import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertSafeKey, PayloadLimitError, type ComposeSource, type ObjectStore, type StoredObject } from './object-store.js';

/** S3's smallest part of a multipart upload, except the last: 5 MiB. We use 8 MiB (two 4 MiB blocks). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** Connection settings of an S3-compatible store (AWS, MinIO, Ceph, s3rver). */
export interface S3StoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Writes a stream of chunks as one object: a single PutObject when it stays
 * under S3_PART_BYTES, else a multipart upload of S3_PART_BYTES parts (S3's
 * 5 MiB minimum part size holds). Aborts the multipart upload on failure.
 */
class MultipartWriter {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private uploadId: string | undefined;
  private parts: { ETag: string | undefined; PartNumber: number }[] = [];
  private readonly hash = createHash('sha256');
  size = 0;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.hash.update(chunk);
    this.size += chunk.length;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes >= S3_PART_BYTES) await this.flushPart();
  }

  private async flushPart(): Promise<void> {
    const body = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    if (!this.uploadId) {
      const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key }));
      this.uploadId = created.UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const part = await this.client.send(
      new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length }),
    );
    this.parts.push({ ETag: part.ETag, PartNumber });
  }

  async finish(): Promise<StoredObject> {
    if (!this.uploadId) {
      const body = Buffer.concat(this.buffered, this.bufferedBytes);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body: body, ContentLength: body.length }));
    } else {
      if (this.bufferedBytes > 0) await this.flushPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }),
      );
    }
    return { size: this.size, sha256: this.hash.digest('hex') };
  }

  async abort(): Promise<void> {
    if (this.uploadId)
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId })).catch(() => undefined);
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** Objects in an S3-compatible bucket (ARCHITECTURE.md "files at scale"), enabled by `S3_ENDPOINT` and `S3_BUCKET`. */
export class S3Store implements ObjectStore {
  readonly storageType = 'S3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, body: Readable, options: { maxBytes?: number; skipHash?: boolean } = {}): Promise<StoredObject> {
    assertSafeKey(key);
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const writer = new MultipartWriter(this.client, this.bucket, key);
    try {
      for await (const chunk of body) {
        const buffer = chunk as Buffer;
        if (writer.size + buffer.length > limit) throw new PayloadLimitError(limit);
        await writer.write(buffer);
      }
      return await writer.finish();
    } catch (error) {
      await writer.abort();
      body.destroy();
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return out.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async compose(key: string, sources: readonly ComposeSource[], observe?: (index: number, chunk: Buffer) => void): Promise<StoredObject> {
    assertSafeKey(key);
    const writer = new MultipartWriter(this.client, this.bucket, key);
    try {
      for (const [index, source] of sources.entries()) {
        const stream =
          typeof source === 'string' ? await this.get(source) : await this.get(source.key, { start: source.start, end: source.start + source.size - 1 });
        for await (const chunk of stream) {
          observe?.(index, chunk as Buffer);
          await writer.write(chunk as Buffer);
        }
      }
      return await writer.finish();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  /** Stops the HTTP agent (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
