import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The shared test fixtures (real files nobody here wrote: PDFs, videos, Moodle backups, SCORM packages),
 * one place for every test, bench, e2e journey and the demo seed to find them.
 *
 * Where: `ATRIUM_FIXTURES` when set (an absolute path, or one relative to the working directory), else
 * `<repository root>/../shared/fixtures` — e.g. /work/shared/fixtures for a checkout at /work/main.
 * The repository root is found from this file's own location (the nearest folder upwards holding
 * package-lock.json), so it works from src/lib (tsx, vitest, Playwright) and from the esbuild bundle in
 * apps/server/dist alike, whatever the working directory.
 */

/** The repository root above `from` (an absolute folder): the nearest ancestor holding package-lock.json. Throws when there is none. */
export function repositoryRoot(from: string = import.meta.dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root (package-lock.json) above ${from}`);
  }
}

/** Absolute folder of the fixtures: `env.ATRIUM_FIXTURES` resolved against the working directory, else `<repository root>/../shared/fixtures`. */
export function fixturesDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.ATRIUM_FIXTURES;
  return override ? path.resolve(override) : path.resolve(repositoryRoot(), '../shared/fixtures');
}

/**
 * Absolute path of a fixture: `fixturePath('pdf', 'pdfjs__rotation.pdf')` or `fixturePath('pdf/pdfjs__rotation.pdf')`;
 * no segment gives the folder itself. Does not check that the file exists.
 */
export function fixturePath(...segments: string[]): string {
  return path.join(fixturesDir(), ...segments);
}
