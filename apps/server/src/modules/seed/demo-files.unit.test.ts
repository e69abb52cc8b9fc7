import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { repositoryRoot } from '../../lib/fixtures.js';
import { SHIPPED_SET, seedFileSet, shippedDemoFilesDir } from './demo-files.js';

/** Issue 20 §11: a clone of the public repository seeds from files inside it, never from ../shared. */
describe('the demo files the seed reads by default', () => {
  afterEach(() => vi.unstubAllEnvs());
  const root = repositoryRoot();
  const shipped = path.join(root, 'apps/server/demo-files');

  it('are apps/server/demo-files, found from the sources and from the bundle alike', () => {
    expect(shippedDemoFilesDir()).toBe(shipped);
    expect(shippedDemoFilesDir(path.join(root, 'apps/server/dist'))).toBe(shipped);
    expect(() => shippedDemoFilesDir(path.parse(root).root)).toThrow(/no demo-files/);
  });

  it('are what an unconfigured server seeds, even with ATRIUM_FIXTURES set (tests only)', () => {
    vi.stubEnv('ATRIUM_SEED_FILES_DIR', '');
    const config = loadConfig({ ATRIUM_FIXTURES: '/fixtures' }, '/anywhere');
    expect(config.seedFilesDir).toBeUndefined();
    expect(seedFileSet(config.seedFilesDir).dir).toBe(shipped);
    expect(loadConfig({ ATRIUM_SEED_FILES_DIR: 'fx' }, '/anywhere').seedFilesDir).toBe('/anywhere/fx');
  });

  it('every file of the set exists inside the repository, one per previewer type, under 1 MB in all', () => {
    const set = seedFileSet(undefined);
    const names = [set.reading.file, set.video.file, ...set.media, ...set.scorm.files];
    let total = 0;
    for (const name of new Set(names)) {
      const file = path.resolve(set.dir, name);
      expect(path.relative(root, file).startsWith('..'), `${file} is outside ${root}`).toBe(false);
      expect(existsSync(file), file).toBe(true);
      total += statSync(file).size;
    }
    expect(total).toBeLessThan(1024 * 1024);
    expect(SHIPPED_SET.media.map((name) => path.extname(name)).sort()).toEqual(['.docx', '.mp3', '.mp4', '.pdf', '.png']);
    expect(SHIPPED_SET.media).toContain(SHIPPED_SET.video.file);
    expect(SHIPPED_SET.scorm.files.map((name) => path.extname(name))).toEqual(['.zip']);
  });
});
