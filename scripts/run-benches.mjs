#!/usr/bin/env node
// Runs every bench/*.bench.mjs and *.bench.ts in turn, all through tsx (the .mjs ones import the TypeScript
// fixtures helper, apps/server/src/lib/fixtures.ts); each prints its own figures. Arguments pick benches by
// name (`npm run bench -- forum calendar`; a part of a name picks every bench holding it). Each bench also
// reports its headline figures (bench/lib/figures.ts) as JSON lines into the file ATRIUM_BENCH_FIGURES names
// (a temporary one, or the caller's, appended to and kept), and after the last bench one Markdown table lists
// every figure with its target and whether it is met. Exits 1 when a bench failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const all = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
  .sort();
const nameOf = (file) => file.replace(/\.bench\.(mjs|ts)$/, '');
// A filter picks the bench of that name (`exam`: exam.bench.ts alone), else every bench whose file name holds it (`score`).
const filters = process.argv.slice(2);
const picked = (filter) => {
  const exact = all.filter((f) => nameOf(f) === filter || f === filter);
  return exact.length > 0 ? exact : all.filter((f) => f.includes(filter));
};
const benches = filters.length === 0 ? all : all.filter((f) => filters.some((filter) => picked(filter).includes(f)));
if (benches.length === 0) {
  console.error(`no bench matches ${filters.join(', ')} (bench/*.bench.ts, bench/*.bench.mjs)`);
  process.exit(1);
}

// The figures file: the caller's (its earlier lines left out of the table), else a temporary one.
const kept = process.env.ATRIUM_BENCH_FIGURES;
const scratch = kept ? undefined : mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-figures-'));
const figuresFile = kept ?? path.join(scratch, 'figures.jsonl');
const startOffset = kept && existsSync(kept) ? statSync(kept).size : 0;

const failed = [];
for (const file of benches) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    stdio: 'inherit',
    env: { ...process.env, ATRIUM_BENCH_FIGURES: figuresFile },
  });
  if (result.status !== 0) failed.push(file);
}

/** A number as the table shows it: whole numbers as they are, others whole from 100, to 0.1 from 10, else to 0.01. */
const number = (n) => (Number.isInteger(n) || Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const withUnit = (n, unit) => (unit === '×' || unit === '%' ? `${number(n)}${unit}` : `${number(n)} ${unit}`);
const cell = (text) => String(text).replace(/\|/g, '\\|');

const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile)
      .subarray(startOffset)
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        try {
          return [JSON.parse(line)];
        } catch {
          console.error(`figures: skipped a line that is not JSON: ${line.slice(0, 120)}`);
          return [];
        }
      })
  : [];
if (scratch) rmSync(scratch, { recursive: true, force: true });

console.log('\n## figures\n');
console.log('| bench | figure | value | target | met |');
console.log('| --- | --- | ---: | ---: | :---: |');
for (const f of figures) {
  const value = typeof f.value === 'number' && Number.isFinite(f.value) ? withUnit(f.value, f.unit) : 'not measured';
  const target = typeof f.target === 'number' ? `${f.better === 'higher' ? '≥' : '≤'} ${withUnit(f.target, f.unit)}` : '–';
  const met = f.met === true ? 'yes' : f.met === false ? 'no' : '–';
  const name = f.note ? `${f.name} (${f.note})` : f.name;
  console.log(`| ${cell(f.bench)} | ${cell(name)} | ${cell(value)} | ${cell(target)} | ${met} |`);
}
const targeted = figures.filter((f) => typeof f.target === 'number');
console.log(`\n${targeted.filter((f) => f.met === true).length} of ${targeted.length} targets met`);
const silent = benches.filter((file) => !figures.some((f) => f.bench === nameOf(file)));
if (silent.length > 0) console.log(`no figures from: ${silent.join(', ')} (skipped or stopped early: see its output above)`);
if (failed.length > 0) console.log(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
