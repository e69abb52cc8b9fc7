import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

describe('PGlite shared_buffers (decision 0143)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads PGLITE_SHARED_BUFFERS_MB (default 16) and refuses a value outside 1–4096, naming it', () => {
    expect(loadConfig({}, '/anywhere').pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '48' }, '/anywhere').pgliteSharedBuffersMb).toBe(48);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' }, '/anywhere')).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('opens the configured PGlite with that buffer pool', async () => {
    const config = loadConfig({ ATRIUM_DATA_DIR: dir, PGLITE_SHARED_BUFFERS_MB: '24' }, '/');
    const database = await openDatabase(config);
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { shared_buffers: string }[];
      expect(rows[0]?.shared_buffers).toBe('24MB');
    } finally {
      await database.close();
    }
  });
});
