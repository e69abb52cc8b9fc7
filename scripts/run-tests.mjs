#!/usr/bin/env node
// `npm test`: the whole suite in the shortest wall-clock time two cores allow, without starving the
// journeys. Vitest runs one worker on a two-core machine, and typecheck and lint are single-threaded,
// so one suite at a time leaves a core idle; two branches run side by side instead:
//   - `npm run check` (typecheck, lint, format, unit and web tests), then the server integration suite
//     on PGlite;
//   - the end-to-end journeys (`npm run test:e2e`: build, then Playwright in Debian's Chromium),
//     then — when ATRIUM_TEST_POSTGRES_URL is set (CI sets it) — the server integration suite on that
//     PostgreSQL database (much of that suite's time is PostgreSQL's own process).
// Three branches (check, PGlite and the journeys at once) were tried until stop 32: the journeys — a
// browser, the server and its converters — then ran 2.5× slower than alone and timed out on CI.
// The branches share no database, port or folder (PGlite templates and e2e data folders are their
// own; the PostgreSQL run makes its own databases); their lines are prefixed with the step's name.
// Every step runs even when an earlier one failed (so every suite's count is known); the exit code is
// 1 when any step failed. Each failed step's name is appended to $ATRIUM_TEST_REPORT_DIR/failed-steps
// for the closing summary, and each step's time is printed when it ends.
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';

const reportDir = process.env.ATRIUM_TEST_REPORT_DIR;
const baseName = process.env.ATRIUM_TEST_REPORT_NAME ?? 'pglite';
const postgresUrl = process.env.ATRIUM_TEST_POSTGRES_URL;

/** Runs `npm run <script>` with extra env; lines are prefixed with `[label] ` when `label` is given. Answers whether it passed. */
function npmRun(script, { label, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { env: { ...process.env, ...env }, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // Each labelled step's output is also kept in $ATRIUM_TEST_REPORT_DIR/<label>.log: when a step fails with
    // every counted test green (an unhandled error, a type error), the closing summary quotes its error lines.
    const log = label && reportDir ? createWriteStream(path.join(reportDir, `${label}.log`)) : null;
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
          for (const line of lines) {
            out.write(`[${label}] ${line}\n`);
            log?.write(`${line}\n`);
          }
        });
        stream.on('end', () => {
          if (!rest) return;
          out.write(`[${label}] ${rest}\n`);
          log?.write(`${rest}\n`);
        });
      }
    }
    child.on('close', (code) => {
      log?.end();
      const seconds = Math.round((Date.now() - started) / 1000);
      const name = label ?? script;
      console.log(`== ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      if (code !== 0 && reportDir) appendFileSync(path.join(reportDir, 'failed-steps'), `${name}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  (async () => {
    const checked = await npmRun('check', { label: 'check' });
    const onPglite = await npmRun('test:server', { label: 'server', env: { ATRIUM_TEST_REPORT_NAME: baseName } });
    return checked && onPglite;
  })(),
  (async () => {
    const journeys = await npmRun('test:e2e', { label: 'e2e' });
    if (!postgresUrl) return journeys;
    const onPostgres = await npmRun('test:server', {
      label: 'server-postgres',
      env: { DATABASE_URL: postgresUrl, ATRIUM_TEST_REPORT_NAME: 'postgres' },
    });
    return journeys && onPostgres;
  })(),
]);
process.exit(results.every(Boolean) ? 0 : 1);
