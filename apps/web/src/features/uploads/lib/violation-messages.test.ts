import { describe, expect, it } from 'vitest';
import { checkUploadFile, DEFAULT_MAX_UPLOAD_BYTES } from '@atrium/contracts';
import { initI18n } from '../../../lib/i18n';
import { violationMessages } from './violation-messages';

const i18n = initI18n('en-us');
const t = i18n.getFixedT('en-us');

describe('violationMessages (spec §5 file upload)', () => {
  it('names the forbidden characters', () => {
    const violations = checkUploadFile({ name: 'a:b?.pdf', size: 10 }, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
    expect(violationMessages(violations, t)).toEqual(['The file name contains characters that are not allowed: : ?']);
  });
  it('reports empty files and unsupported formats', () => {
    const violations = checkUploadFile({ name: 'virus.exe', size: 0 }, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
    const messages = violationMessages(violations, t);
    expect(messages[0]).toMatch(/^This file format is not supported\. Supported formats: pdf, doc/);
    expect(messages[1]).toBe('The file is empty (0 bytes).');
  });
  it('shows the size limit in readable units', () => {
    const violations = checkUploadFile({ name: 'big.mp4', size: 3 * 1024 ** 3 }, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
    expect(violationMessages(violations, t)).toEqual(['The file is larger than the limit of 2.00 GB.']);
  });
  it('combines both size messages into one', () => {
    const messages = violationMessages(
      [
        { key: 'fileUpload.zeroSize', field: 'size' },
        { key: 'fileUpload.sizeLimit', field: 'size', values: { max: 1024 } },
      ],
      t,
    );
    expect(messages).toEqual(['Files must be larger than 0 bytes and no larger than 1.00 KB.']);
  });
});
