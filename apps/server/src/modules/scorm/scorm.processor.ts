import type { UploadProcessor } from '../uploads/processing-registry.js';
import { processScormPackage } from './scorm-package.js';

/**
 * SCORM zips (decision 0031): validated, then extracted under
 * `derived/{id}/scorm/`. Adds nothing to the upload's meta; throws
 * ProcessingError for a package that cannot be used.
 */
export const scormProcessor: UploadProcessor = {
  kind: 'scorm',
  queue: 'upload-inspect',
  matches: (row) => row.type === 'scorm',
  async run(deps, row, { input }) {
    await processScormPackage(deps, row.id, await input());
    return {};
  },
};
