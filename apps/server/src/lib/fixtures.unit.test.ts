import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { fixturePath, fixturesDir, repositoryRoot } from './fixtures.js';

describe('fixturePath (one way to the shared fixtures, ATRIUM_FIXTURES overrides)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('defaults to ../shared/fixtures beside the repository root found from its own file, whatever the working directory', () => {
    vi.stubEnv('ATRIUM_FIXTURES', '');
    const root = repositoryRoot();
    expect(existsSync(path.join(root, 'package-lock.json'))).toBe(true);
    expect(fixturesDir()).toBe(path.resolve(root, '../shared/fixtures'));
    expect(fixturePath('pdf', 'pdfjs__tracemonkey.pdf')).toBe(path.resolve(root, '../shared/fixtures/pdf/pdfjs__tracemonkey.pdf'));
    expect(existsSync(fixturePath('pdf/pdfjs__tracemonkey.pdf'))).toBe(true);
    expect(repositoryRoot(path.join(root, 'apps/server/dist'))).toBe(root);
  });

  it('ATRIUM_FIXTURES replaces the folder (absolute, or relative to the working directory)', () => {
    vi.stubEnv('ATRIUM_FIXTURES', '/elsewhere/fixtures');
    expect(fixturePath('mbz', 'a.mbz')).toBe(path.normalize('/elsewhere/fixtures/mbz/a.mbz'));
    expect(fixturePath()).toBe(path.normalize('/elsewhere/fixtures'));
    vi.stubEnv('ATRIUM_FIXTURES', 'rel/fx');
    expect(fixturesDir()).toBe(path.resolve(process.cwd(), 'rel/fx'));
  });

  it('throws when no repository root is above the folder', () => {
    expect(() => repositoryRoot(path.parse(process.cwd()).root)).toThrow(/no repository root/);
  });

  it("the seed's folder: ATRIUM_SEED_FILES_DIR only; ATRIUM_FIXTURES never reaches the seed (it seeds the shipped demo files)", () => {
    expect(loadConfig({}, '/anywhere').seedFilesDir).toBeUndefined();
    expect(loadConfig({ ATRIUM_FIXTURES: '/fx' }, '/anywhere').seedFilesDir).toBeUndefined();
    expect(loadConfig({ ATRIUM_FIXTURES: '/fx', ATRIUM_SEED_FILES_DIR: 'seed' }, '/anywhere').seedFilesDir).toBe('/anywhere/seed');
  });
});
