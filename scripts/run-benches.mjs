#!/usr/bin/env node
// Runs every bench/*.bench.mjs and *.bench.ts in turn, all through tsx (the .mjs ones import the TypeScript
// fixtures helper, apps/server/src/lib/fixtures.ts); each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
