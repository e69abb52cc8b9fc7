import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { LocalStore } from '../apps/server/src/storage/local-store.js';
import { fillContentCourse } from './lib/content-fill.js';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'x-'));
const database = await openPglite();
await runMigrations(database);
const { courseId } = await fillContentCourse(database);
const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ATRIUM_SEED: 'false', ATRIUM_WORKERS: 'false', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
const app = await buildApp({ config, database, storage: new LocalStore(path.join(dataDir, 'files')) });
const login = await app.inject({ method: 'POST', url: '/api/login', payload: { user_name: 'bench-student', password: 'bench-password' } });
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
for (const url of [`/api/courses/${courseId}`, `/api/courses/${courseId}/study-completeness`, `/api/courses/${courseId}/header`, `/api/courses/${courseId}/content`]) {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) { const t = performance.now(); const r = await app.inject({ method: 'GET', url, headers: { cookie } }); times.push(performance.now() - t); if (r.statusCode !== 200) console.log(url, r.statusCode); }
  console.log(url.padEnd(40), times.slice(1).map((t) => t.toFixed(0)).join(' '));
}
await app.close(); await database.close();
