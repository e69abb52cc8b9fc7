import { extensionOf } from '@atrium/contracts';
import type { UploadProcessor } from '../uploads/processing-registry.js';
import { registerCoursePackage } from './imports.service.js';

/**
 * Moodle backups (`.mbz`, issue 8): join the organisation's course package
 * library with metadata read from the backup. A backup whose metadata cannot
 * be read is still listed (with its read error), so the upload ends ready.
 */
export const coursePackageProcessor: UploadProcessor = {
  kind: 'course-package',
  queue: 'upload-inspect',
  matches: (row) => extensionOf(row.name) === 'mbz',
  async run(deps, row, { input }) {
    await registerCoursePackage(deps, row, await input());
    return {};
  },
};
