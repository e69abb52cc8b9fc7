#!/usr/bin/env node
// Makes sure the Debian packages a task needs are present. As root with apt-get it installs
// what is missing; otherwise it stops with the exact command to run.
// Usage: node scripts/ensure-system-packages.mjs <start|e2e|ci>
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Per task: [command looked up on PATH, Debian package that provides it]. */
const NEEDS = {
  // The server runs without these: an upload that needs a missing tool ends `failed` with a
  // reason naming it, and /api/health lists what is missing (ffmpeg, soffice, pdfinfo).
  start: [],
  // The upload-folder journey transcodes, converts and counts pages for real.
  e2e: [
    ['chromium', 'chromium'],
    ['ffmpeg', 'ffmpeg'],
    ['pdfinfo', 'poppler-utils'],
    ['soffice', 'libreoffice-nogui'],
  ],
  ci: [
    ['chromium', 'chromium'],
    ['ffmpeg', 'ffmpeg'],
    ['pdftoppm', 'poppler-utils'],
    ['pdfinfo', 'poppler-utils'],
    ['soffice', 'libreoffice-nogui'],
  ],
};

const task = process.argv[2] ?? 'start';
const needs = NEEDS[task];
if (!needs) {
  console.error(`unknown task "${task}"; use one of ${Object.keys(NEEDS).join(', ')}`);
  process.exit(2);
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = needs.filter(([command]) => !onPath(command)).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const installCommand = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !onPath('apt-get')) {
  console.error(`Atrium needs these system packages for "${task}": ${missing.join(', ')}.`);
  console.error(`Install them with:\n  sudo ${installCommand}`);
  process.exit(1);
}
console.log(`Installing system packages for "${task}": ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
if (result.status !== 0) {
  console.error(`apt-get failed; run it yourself:\n  sudo ${installCommand}`);
  process.exit(1);
}
