import { FAILURE_CODES, FAILURE_PARAMS } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { ProcessingError } from '../jobs/tools.js';
import { ArchiveError } from '../modules/imports/archive.js';
import { BackupReadError } from '../modules/imports/backup-reader.js';
import { ImportFailedError } from '../modules/imports/mbz-importer.js';
import { XmlRefusedError } from '../modules/imports/safe-xml.js';
import { ManifestError } from '../modules/scorm/scorm-manifest.js';
import { PayloadLimitError } from '../storage/object-store.js';
import type { FailureError } from './failure.js';
import { failureOf } from './failure.js';

describe('failure codes', () => {
  it('each of the seven error classes carries a known code and the parameters its message names', () => {
    const errors: FailureError[] = [
      new ProcessingError('TOOL_TIMEOUT', 'ffmpeg did not finish within 600 s', { tool: 'ffmpeg', seconds: 600 }),
      new ArchiveError('too_large', 'The archive unpacks to more than 4294967296 bytes', { limit: 4294967296 }),
      new ArchiveError('unsafe_path', 'The archive entry "../x" points outside the archive'),
      new BackupReadError('moodle_backup.xml has no <information>', 'BACKUP_UNSUPPORTED_VERSION'),
      new XmlRefusedError('XML_MALFORMED', 'course.xml is not well-formed XML (line 1)', 'course.xml'),
      new ImportFailedError('The backup holds no sections and no activities to import'),
      new ManifestError('imsmanifest.xml has no organization'),
      new PayloadLimitError(1024),
    ];
    expect(errors.map((e) => [e.failureCode, e.failureParams])).toEqual([
      ['TOOL_TIMEOUT', { tool: 'ffmpeg', seconds: 600 }],
      ['ARCHIVE_TOO_LARGE', { limit: 4294967296 }],
      ['ARCHIVE_UNSAFE_PATH', {}],
      ['BACKUP_UNSUPPORTED_VERSION', {}],
      ['XML_MALFORMED', { file: 'course.xml' }],
      ['IMPORT_EMPTY', {}],
      ['SCORM_MANIFEST_INVALID', {}],
      ['PAYLOAD_TOO_LARGE', { limit: 1024 }],
    ]);
    for (const error of errors) {
      expect(FAILURE_CODES).toContain(error.failureCode);
      expect(Object.keys(error.failureParams).sort()).toEqual([...FAILURE_PARAMS[error.failureCode]].sort());
    }
  });

  it('every archive refusal maps to a known code', () => {
    const reasons = [
      'unsupported_container',
      'unsafe_path',
      'link_entry',
      'special_entry',
      'too_large',
      'too_many_entries',
      'compression_ratio',
      'corrupt',
    ] as const;
    for (const reason of reasons) expect(FAILURE_CODES).toContain(new ArchiveError(reason, 'x').failureCode);
  });

  it('keeps the English reason of a coded failure and hides the message of an unexpected error behind a fallback', () => {
    expect(failureOf(new ProcessingError('TOOL_MISSING', 'ffprobe is not installed', { tool: 'ffprobe' }), 'PROCESSING_CRASHED', 'Processing stopped')).toEqual(
      {
        code: 'TOOL_MISSING',
        params: { tool: 'ffprobe' },
        reason: 'ffprobe is not installed',
        unexpected: false,
      },
    );
    expect(failureOf(new Error('ECONNRESET at 10.0.0.3:5432'), 'PROCESSING_CRASHED', 'Processing stopped')).toEqual({
      code: 'PROCESSING_CRASHED',
      params: {},
      reason: 'Processing stopped',
      unexpected: true,
    });
  });
});
