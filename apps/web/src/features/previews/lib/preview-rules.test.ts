import { describe, expect, it } from 'vitest';
import {
  canShowAiQuizPanel,
  canShowQuestionPanel,
  checkPreviewable,
  noteTargetOf,
  officeProvidersOffered,
  previewLimitsOf,
  togglePanel,
} from './preview-rules';

describe('checkPreviewable (spec §5 previewer)', () => {
  it('needs a size above 0 and within a number limit', () => {
    expect(checkPreviewable({ name: 'a.pdf', size: 0, type: 'document' })).toBe('zeroSize');
    expect(checkPreviewable({ name: 'a.pdf', size: 11, type: 'document' }, { sizeLimit: 10 })).toBe('tooLarge');
    expect(checkPreviewable({ name: 'a.pdf', size: 10, type: 'document' }, { sizeLimit: 10 })).toBeNull();
    // An embedded online video has no bytes and still previews.
    expect(checkPreviewable({ name: 'Week 1 on YouTube', size: 0, type: 'link' })).toBeNull();
  });
  it('reads a per-type map, falling back to its default', () => {
    const sizeLimit = { video: 100, default: 10 };
    expect(checkPreviewable({ name: 'v.mp4', size: 50, type: 'video' }, { sizeLimit })).toBeNull();
    expect(checkPreviewable({ name: 'a.pdf', size: 50, type: 'document' }, { sizeLimit })).toBe('tooLarge');
    expect(checkPreviewable({ name: 'a.pdf', size: 50, type: 'document' }, { sizeLimit: { video: 100 } })).toBeNull();
  });
  it('checks the extension case-insensitively', () => {
    expect(checkPreviewable({ name: 'A.PDF', size: 1, type: 'document' }, { allowedExtensions: ['pdf'] })).toBeNull();
    expect(checkPreviewable({ name: 'a.pdf', size: 1, type: 'document' }, { allowedExtensions: ['.PDF'] })).toBeNull();
    expect(checkPreviewable({ name: 'a.exe', size: 1, type: 'document' }, { allowedExtensions: ['pdf'] })).toBe('formatNotAllowed');
  });
  it('checks no extension on types without a file of their own', () => {
    for (const type of ['link', 'evercam', 'lesson-resource', 'capture']) {
      expect(checkPreviewable({ name: 'Lecture 3', size: 1, type }, { allowedExtensions: ['pdf'] })).toBeNull();
    }
    expect(checkPreviewable({ name: 'Lecture 3', size: 1, type: 'document' }, { allowedExtensions: ['pdf'] })).toBe('formatNotAllowed');
  });
});

describe('previewLimitsOf (GET /api/uploads/settings, spec §5)', () => {
  it('the upload size limit always, the upload extension list only while the check is on', () => {
    expect(previewLimitsOf(undefined)).toEqual({});
    const on = previewLimitsOf({ maxUploadBytes: 4000, checkUploadExtension: true });
    expect(on.sizeLimit).toBe(4000);
    expect(on.allowedExtensions).toContain('pdf');
    expect(on.allowedExtensions).not.toContain('exe');
    expect(previewLimitsOf({ maxUploadBytes: 4000, checkUploadExtension: false })).toEqual({ sizeLimit: 4000 });
  });
});

describe('AI panels (spec §6, §9)', () => {
  const student = { hasAiAbility: true, isInstructorView: false };
  it('question panel for the §9 list including csv; AI quiz without csv', () => {
    for (const name of ['a.doc', 'a.DOCX', 'a.ppt', 'a.pptx', 'a.xls', 'a.xlsx', 'a.pdf']) {
      expect(canShowQuestionPanel(name, student)).toBe(true);
      expect(canShowAiQuizPanel(name, student)).toBe(true);
    }
    expect(canShowQuestionPanel('a.csv', student)).toBe(true);
    expect(canShowAiQuizPanel('a.csv', student)).toBe(false);
    expect(canShowQuestionPanel('a.png', student)).toBe(false);
  });
  it('never without hasAiAbility; the AI quiz never in instructor view, the question panel there too (the team answers)', () => {
    expect(canShowQuestionPanel('a.pdf', { hasAiAbility: false, isInstructorView: false })).toBe(false);
    expect(canShowQuestionPanel('a.pdf', { hasAiAbility: true, isInstructorView: true })).toBe(true);
    expect(canShowAiQuizPanel('a.pdf', { hasAiAbility: true, isInstructorView: true })).toBe(false);
  });
  it('opening one closes the other; opening the open one closes it', () => {
    expect(togglePanel('question', 'aiQuiz')).toBe('aiQuiz');
    expect(togglePanel('aiQuiz', 'question')).toBe('question');
    expect(togglePanel('question', 'question')).toBe('none');
  });
});

describe('noteTargetOf (spec §4, §5 notes)', () => {
  it('images, videos and ready non-text documents take notes', () => {
    expect(noteTargetOf('image', 'ready')).toBe('image');
    expect(noteTargetOf('video', 'processing')).toBe('video');
    expect(noteTargetOf('pdf', 'ready')).toBe('document');
    expect(noteTargetOf('office', 'ready')).toBe('document');
  });
  it('documents not ready, text files and audio take none', () => {
    expect(noteTargetOf('office', 'processing')).toBeNull();
    expect(noteTargetOf('text', 'ready')).toBeNull();
    expect(noteTargetOf('audio', 'ready')).toBeNull();
  });
});

describe('officeProvidersOffered (spec §6 office preview toggles)', () => {
  const off = { wps_preview: false, yz_office_preview: false, aliyun: false, private_wps: false };
  it('offers the providers whose org toggle is on', () => {
    expect(officeProvidersOffered(off)).toEqual([]);
    expect(officeProvidersOffered({ ...off, wps_preview: true, private_wps: true })).toEqual(['wps', 'private-wps']);
    expect(officeProvidersOffered(undefined)).toEqual([]);
  });
  it('honours the upload allow flags for Aliyun and private WPS', () => {
    expect(officeProvidersOffered({ ...off, aliyun: true, private_wps: true }, { allow_aliyun_office_view: false })).toEqual(['private-wps']);
  });
});
