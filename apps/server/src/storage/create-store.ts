import path from 'node:path';
import type { Config } from '../config.js';
import { LocalStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';

/**
 * The configured object store: S3 when `S3_ENDPOINT` is set, else local disk under `ATRIUM_DATA_DIR/files`.
 * The S3 client (@aws-sdk/client-s3, ~15 MB resident) is loaded only when S3 is configured (decision 0143).
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (config.s3) {
    const { S3Store } = await import('./s3-store.js');
    return new S3Store(config.s3);
  }
  return new LocalStore(path.join(config.dataDir, 'files'));
}
