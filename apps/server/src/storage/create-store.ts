import path from 'node:path';
import type { Config } from '../config.js';
import { LocalStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

/** The configured object store: S3 when `S3_ENDPOINT` is set, else local disk under `ATRIUM_DATA_DIR/files`. */
export function createObjectStore(config: Config): ObjectStore {
  if (config.s3) return new S3Store(config.s3);
  return new LocalStore(path.join(config.dataDir, 'files'));
}
