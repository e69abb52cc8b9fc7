#!/usr/bin/env node
// Runs every bench/*.bench.mjs in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const benches = readdirSync('bench').filter((f) => f.endsWith('.bench.mjs')).sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
