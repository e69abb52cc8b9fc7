import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isTypingTarget, previewKindOf, wrapIndex } from './preview-kind';

describe('previewKindOf', () => {
  it('chooses pdf.js for PDFs whatever the case of the extension', () => {
    expect(previewKindOf({ name: 'Lecture 1.PDF', type: 'document' })).toBe('pdf');
  });
  it('shows images as images', () => {
    expect(previewKindOf({ name: 'photo.jpeg', type: 'image' })).toBe('image');
    expect(previewKindOf({ name: 'scan.PNG', type: 'document' })).toBe('image');
  });
  it('offers other types for download only', () => {
    expect(previewKindOf({ name: 'notes.docx', type: 'document' })).toBe('unsupported');
    expect(previewKindOf({ name: 'clip.mp4', type: 'video' })).toBe('unsupported');
  });
});

describe('wrapIndex (spec §2: arrow keys wrap around at both ends)', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
  });
  it('always lands inside the list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), (length, index, delta) => {
        const next = wrapIndex(index, delta, length);
        return Number.isInteger(next) && next >= 0 && next < length;
      }),
    );
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields and false for buttons', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
