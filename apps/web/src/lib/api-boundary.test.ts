import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
/** A call to the server: the api client's methods, apiRequest, or a bare fetch. */
const CALL = /\bapi\.(get|post|put|patch|delete)\b|\bapiRequest\s*[<(]|\bfetch\s*\(/;
/** Where calls may live: each feature's api.ts (and the courses header's header-api.ts), and the client itself. */
const ALLOWED = [/^features\/[^/]+\/(api|[a-z-]+-api)\.ts$/, /^lib\/api-client\.ts$/];
/** The app shell's check of the deployed build (`/d/version`, not an API of any feature). */
const SHELL = ['app/hooks/use-version-check.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.(ts|tsx)$/.test(e.name) && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

describe('web calls go through each feature’s api.ts', () => {
  it('no component, page, hook or lib calls the api client or fetch itself', () => {
    const offenders = sources(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((rel) => !ALLOWED.some((re) => re.test(rel)) && !SHELL.includes(rel))
      .filter((rel) => CALL.test(readFileSync(path.join(SRC, rel), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
