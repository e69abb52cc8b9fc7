import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver) on a free port with bucket `atrium`, and the env that points Atrium at it. */
export async function startS3Server(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'atrium' }] }) as {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  };
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'atrium',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
