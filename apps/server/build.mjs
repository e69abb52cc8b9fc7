// Bundles the server (with @atrium/contracts) into dist/main.js and copies the migrations beside it.
// Code splitting keeps what a dynamic import loads (the S3 client, PDF writing) out of the start: without it,
// esbuild hoists a lazily imported module's package imports to the top of main.js (decision 0143).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@atrium/contracts': '../../packages/contracts/src/index.ts', '@atrium/stats': '../stats/src/index.ts' },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('../stats/src/migrations', 'dist/stats-migrations', { recursive: true });
console.log('built apps/server/dist/main.js and dist/worker.js');
