import { describe, expect, it } from 'vitest';
import {
  checkUploadFile,
  checkUploadFolder,
  extensionOf,
  folderDepthOf,
  formatBytes,
  invalidNameChars,
  isIgnoredUploadName,
  uploadTypeOf,
} from './upload-rules.js';

const options = { maxBytes: 1000, checkExtension: true };

describe('checkUploadFile (spec §5 file upload rules)', () => {
  it('accepts a supported file within the limit, extension checked case-insensitively', () => {
    expect(checkUploadFile({ name: 'Lecture 1.PDF', size: 10 }, options)).toEqual([]);
  });

  it('names the offending characters with fileUpload.nameError', () => {
    expect(checkUploadFile({ name: 'a:b*c?.pdf', size: 10 }, options)).toEqual([{ key: 'fileUpload.nameError', field: 'name', values: { chars: ': * ?' } }]);
  });

  it('refuses unsupported formats only when the extension check is on', () => {
    expect(checkUploadFile({ name: 'tool.exe', size: 10 }, options).map((v) => v.key)).toEqual(['fileUpload.formatLimit']);
    expect(checkUploadFile({ name: 'tool.exe', size: 10 }, { ...options, checkExtension: false })).toEqual([]);
    expect(checkUploadFile({ name: 'noextension', size: 10 }, options).map((v) => v.key)).toEqual(['fileUpload.formatLimit']);
  });

  it('refuses zero-size and oversize files on the size field', () => {
    expect(checkUploadFile({ name: 'a.pdf', size: 0 }, options)).toEqual([{ key: 'fileUpload.zeroSize', field: 'size' }]);
    expect(checkUploadFile({ name: 'a.pdf', size: 1001 }, options)).toEqual([{ key: 'fileUpload.sizeLimit', field: 'size', values: { max: 1000 } }]);
    expect(checkUploadFile({ name: 'a.pdf', size: 1000 }, options)).toEqual([]);
  });

  it('refuses a blank name', () => {
    expect(checkUploadFile({ name: '   ', size: 1 }, options).map((v) => v.key)).toEqual(['fileUpload.nameRequired']);
  });
});

describe('helpers', () => {
  it('extensionOf lower-cases and ignores dot-files and trailing dots', () => {
    expect(extensionOf('A.B.DOCX')).toBe('docx');
    expect(extensionOf('.DS_Store')).toBe('');
    expect(extensionOf('name.')).toBe('');
  });

  it('uploadTypeOf maps extensions to spec §3 upload types', () => {
    expect(uploadTypeOf('x.mp4')).toBe('video');
    expect(uploadTypeOf('x.MP3')).toBe('audio');
    expect(uploadTypeOf('x.png')).toBe('image');
    expect(uploadTypeOf('x.pptx')).toBe('document');
  });

  it('invalidNameChars finds control characters once each', () => {
    expect(invalidNameChars('a\u0001b\u0001|')).toEqual(['\u0001', '|']);
  });

  it('formatBytes uses spec §9 units with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1023)).toBe('1023.00 Bytes');
    expect(formatBytes(1016315)).toBe('992.50 KB');
    expect(formatBytes(4194304)).toBe('4.00 MB');
  });
});

describe('folder upload rules (spec §5)', () => {
  it('ignores .DS_Store, counts folder depth, and refuses depth at the max level and counts above the max', () => {
    expect(isIgnoredUploadName('.DS_Store')).toBe(true);
    expect(isIgnoredUploadName('notes.pdf')).toBe(false);
    expect(folderDepthOf('Course/a.pdf')).toBe(1);
    expect(folderDepthOf('Course/week 1/a.pdf')).toBe(2);
    expect(checkUploadFolder(['A/b/c/d/x.pdf'], { maxLevel: 5, maxCount: 10 })).toEqual([]);
    expect(checkUploadFolder(['A/b/c/d/e/x.pdf'], { maxLevel: 5, maxCount: 10 }).map((v) => v.key)).toEqual(['fileUpload.folderExceedsMaxLevel']);
    expect(checkUploadFolder(['A/1', 'A/2', 'A/3'], { maxLevel: 5, maxCount: 2 }).map((v) => v.key)).toEqual(['fileUpload.fileExceedsMaxCount']);
  });
});
