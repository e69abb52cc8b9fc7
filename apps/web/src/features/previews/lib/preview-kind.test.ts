import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isTypingTarget, navigationDelta, previewKindOf, wrapIndex } from './preview-kind';

describe('previewKindOf', () => {
  it('chooses pdf.js for PDFs whatever the case of the extension', () => {
    expect(previewKindOf({ name: 'Lecture 1.PDF', type: 'document' })).toBe('pdf');
  });
  it('shows images as images', () => {
    expect(previewKindOf({ name: 'photo.jpeg', type: 'image' })).toBe('image');
    expect(previewKindOf({ name: 'scan.PNG', type: 'document' })).toBe('image');
  });
  it('shows Office files through their PDF, text as text, media in their players (spec §2, §9)', () => {
    expect(previewKindOf({ name: 'notes.DOCX', type: 'document' })).toBe('office');
    expect(previewKindOf({ name: 'deck.pptx', type: 'document' })).toBe('office');
    expect(previewKindOf({ name: 'book.ofd', type: 'document' })).toBe('office');
    expect(previewKindOf({ name: 'data.CSV', type: 'document' })).toBe('text');
    expect(previewKindOf({ name: 'clip.mp4', type: 'video' })).toBe('video');
    expect(previewKindOf({ name: 'talk.MP3', type: 'document' })).toBe('audio');
    expect(previewKindOf({ name: 'golf.zip', type: 'scorm' })).toBe('scorm');
    expect(previewKindOf({ name: 'cam', type: 'evercam' })).toBe('evercam');
    expect(previewKindOf({ name: 'https://youtu.be/x', type: 'link' })).toBe('online-video');
  });

  it('offers other types for download only', () => {
    expect(previewKindOf({ name: 'tool.exe', type: 'document' })).toBe('unsupported');
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

describe('navigationDelta (spec §2, §9: key codes 37 and 39)', () => {
  const key = (keyCode: number, target: EventTarget | null = document.body) => ({ key: '', keyCode, target, altKey: false, ctrlKey: false, metaKey: false });
  it('answers -1 for 37 and +1 for 39, 0 for other keys', () => {
    expect(navigationDelta(key(37), false)).toBe(-1);
    expect(navigationDelta(key(39), false)).toBe(1);
    expect(navigationDelta(key(38), false)).toBe(0);
  });
  it('is 0 in a text field or while the AI quiz panel is open', () => {
    expect(navigationDelta(key(39, document.createElement('textarea')), false)).toBe(0);
    expect(navigationDelta(key(39), true)).toBe(0);
  });
});
