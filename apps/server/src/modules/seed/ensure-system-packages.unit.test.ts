import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/fixtures.js';

/**
 * scripts/ensure-system-packages.mjs (issue 20 §11), run by Node with a PATH holding none of the tools nor
 * apt-get: the situation of a machine where it cannot install them (not root, or no apt-get), so nothing is
 * installed here whoever runs the test.
 */
describe('ensure-system-packages without the tools and without apt-get', () => {
  const emptyBin = mkdtempSync(path.join(os.tmpdir(), 'atrium-no-tools-'));
  afterAll(() => rmSync(emptyBin, { recursive: true, force: true }));
  const run = (task: string) =>
    spawnSync(process.execPath, [path.join(repositoryRoot(), 'scripts/ensure-system-packages.mjs'), task], {
      env: { PATH: emptyBin, HOME: os.tmpdir() },
      encoding: 'utf8',
    });

  it('"start" goes on (exit 0), printing the exact install command and what will not work without each package', () => {
    const result = run('start');
    expect(result.status).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^Atrium starts without these system packages for "start": ffmpeg, libreoffice-nogui, poppler-utils \((not root|no apt-get)\)\.$/);
    expect(lines).toContain("  sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends ffmpeg libreoffice-nogui poppler-utils'");
    expect(lines.filter((line) => line.startsWith('  without '))).toEqual([
      '  without ffmpeg: videos and audio are not probed nor transcoded, so their uploads fail and do not play',
      '  without libreoffice-nogui: Office files (docx, pptx, xlsx) are not converted to PDF, so they cannot be previewed',
      "  without poppler-utils: PDFs' pages are not counted nor drawn, so PDF uploads fail and have no page previews",
    ]);
  });

  it('"ci" stops (exit 1) with the same kind of message, Chromium included', () => {
    const result = run('ci');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Atrium needs these system packages for "ci": chromium, ffmpeg, poppler-utils, libreoffice-nogui/);
    expect(result.stderr).toContain('apt-get install -y --no-install-recommends chromium ffmpeg poppler-utils libreoffice-nogui');
  });
});
