#!/usr/bin/env node
// `npm test`: the whole suite in the shortest wall-clock time two cores allow. First `npm run check`
// (typecheck, lint, format, unit and web tests); then two branches side by side:
//   - the server integration suite on PGlite, then — when ATRIUM_TEST_POSTGRES_URL is set (CI sets
//     it) — the same suite again on that PostgreSQL database;
//   - the end-to-end journeys (`npm run test:e2e`: build, then Playwright in Debian's Chromium).
// The server suite and the journeys share no database, port or folder, so they may overlap; their
// lines are prefixed with the branch's name. Every step runs even when an earlier one failed (so
// every suite's count is known); the exit code is 1 when any step failed. Each failed step's name
// is appended to $ATRIUM_TEST_REPORT_DIR/failed-steps for the closing summary.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const reportDir = process.env.ATRIUM_TEST_REPORT_DIR;
const baseName = process.env.ATRIUM_TEST_REPORT_NAME ?? 'pglite';
const postgresUrl = process.env.ATRIUM_TEST_POSTGRES_URL;

/** Runs `npm run <script>` with extra env; lines are prefixed with `[label] ` when `label` is given. Answers whether it passed. */
function npmRun(script, { label, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { env: { ...process.env, ...env }, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (label) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[${label}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const name = label ?? script;
      console.log(`== ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      if (code !== 0 && reportDir) appendFileSync(path.join(reportDir, 'failed-steps'), `${name}\n`);
      resolve(code === 0);
    });
  });
}

const checked = await npmRun('check');
const [server, e2e] = await Promise.all([
  (async () => {
    const onPglite = await npmRun('test:server', { label: 'server', env: { ATRIUM_TEST_REPORT_NAME: baseName } });
    if (!postgresUrl) return onPglite;
    const onPostgres = await npmRun('test:server', {
      label: 'server-postgres',
      env: { DATABASE_URL: postgresUrl, ATRIUM_TEST_REPORT_NAME: 'postgres' },
    });
    return onPglite && onPostgres;
  })(),
  npmRun('test:e2e', { label: 'e2e' }),
]);
process.exit(checked && server && e2e ? 0 : 1);
