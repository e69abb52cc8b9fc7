#!/usr/bin/env node
// Makes sure the Debian packages a task needs are present. As root with apt-get it installs what is missing.
// Otherwise: for "start" it prints the exact install command and what will not work without each tool, and
// lets the server start anyway (issue 20 §11); for "e2e" and "ci" it stops with that command.
// Usage: node scripts/ensure-system-packages.mjs <start|e2e|ci>
// A need is a command on PATH, or `font:<lang>`: a font fontconfig lists for that language.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** What an upload misses without each package (the server runs without them: such an upload ends `failed` naming the tool, and /api/health lists what is missing). */
const WITHOUT = {
  ffmpeg: 'videos and audio are not probed nor transcoded, so their uploads fail and do not play',
  'libreoffice-nogui': 'Office files (docx, pptx, xlsx) are not converted to PDF, so they cannot be previewed',
  'poppler-utils': "PDFs' pages are not counted nor drawn, so PDF uploads fail and have no page previews",
  chromium: 'the browser journeys (Playwright) cannot run',
  'fonts-droid-fallback':
    'Chinese text shows as empty boxes in the browser (screenshots of the zh-cn, zh-tw and zh-mo pages) and as ? in the PDFs the server writes',
  'fonts-thai-tlwg': 'Thai text shows as empty boxes in the browser (screenshots of the th-th pages)',
  'fonts-lohit-taml': 'Tamil text shows as empty boxes in the browser (screenshots of the ta-in pages)',
};

/** The fonts the browser needs to draw the languages of spec §1 with real glyphs (issue 23 §3): `font:<fontconfig lang>`. */
const FONTS = [
  // Droid Sans Fallback: one TTF (fontconfig rates it zh-tw and ja), which pdf-lib can embed too (lib/pdf-fonts.ts); Noto CJK comes as collections (TTC) it cannot.
  ['font:zh-tw', 'fonts-droid-fallback'],
  ['font:th', 'fonts-thai-tlwg'],
  ['font:ta', 'fonts-lohit-taml'],
];

/** Per task: [command looked up on PATH, Debian package that provides it]. */
const NEEDS = {
  // The upload processing tools, as "ci" installs them; missing ones are reported, not required.
  start: [
    ['ffmpeg', 'ffmpeg'],
    ['ffprobe', 'ffmpeg'],
    ['soffice', 'libreoffice-nogui'],
    ['pdfinfo', 'poppler-utils'],
    ['pdftoppm', 'poppler-utils'],
  ],
  // The upload-folder journey transcodes, converts and counts pages for real.
  e2e: [['chromium', 'chromium'], ['ffmpeg', 'ffmpeg'], ['pdfinfo', 'poppler-utils'], ['soffice', 'libreoffice-nogui'], ...FONTS],
  ci: [['chromium', 'chromium'], ['ffmpeg', 'ffmpeg'], ['pdftoppm', 'poppler-utils'], ['pdfinfo', 'poppler-utils'], ['soffice', 'libreoffice-nogui'], ...FONTS],
};

/** Tasks that run without their packages (reported instead). */
const OPTIONAL = new Set(['start']);

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

/** True when fontconfig knows a font covering the language `lang` (false without fontconfig). */
function hasFont(lang) {
  const listed = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
  return listed.status === 0 && listed.stdout.trim() !== '';
}

const present = (need) => (need.startsWith('font:') ? hasFont(need.slice('font:'.length)) : onPath(need));
const missing = [...new Set(needs.filter(([need]) => !present(need)).map(([, pkg]) => pkg))];
if (missing.length === 0) process.exit(0);

const installCommand = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Says what is missing, the exact command, and what will not work; exits 1 unless the task runs without them. */
function report(reason) {
  const optional = OPTIONAL.has(task);
  const say = optional ? console.warn : console.error;
  say(`Atrium ${optional ? 'starts without' : 'needs'} these system packages for "${task}": ${missing.join(', ')} (${reason}).`);
  say(`Install them with:\n  sudo sh -c '${installCommand}'`);
  for (const pkg of missing) say(`  without ${pkg}: ${WITHOUT[pkg] ?? 'some uploads cannot be processed'}`);
  process.exit(optional ? 0 : 1);
}

if (!isRoot) report('not root');
if (!onPath('apt-get')) report('no apt-get');
console.log(`Installing system packages for "${task}": ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const updated = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
const result =
  updated.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env }) : updated;
if (result.status !== 0) report('apt-get failed');
