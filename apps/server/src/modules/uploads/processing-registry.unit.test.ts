import { describe, expect, it } from 'vitest';
import { registerUploadProcessors } from '../../processors.js';
import { derivedPrefix, processorFor, queueFor, registeredProcessorKinds, registerProcessor } from './processing-registry.js';

describe('processing registry', () => {
  registerUploadProcessors();

  it('registers every processor once, in match order, however often the app is built', () => {
    registerUploadProcessors();
    expect(registeredProcessorKinds()).toEqual(['course-package', 'scorm', 'video', 'audio', 'office', 'pdf']);
  });

  it('chooses the processor and queue of an upload by its type and extension', () => {
    const cases: [type: string, name: string, kind: string | undefined, queue: string][] = [
      ['video', 'lecture.mp4', 'video', 'upload-media'],
      ['audio', 'talk.mp3', 'audio', 'upload-media'],
      ['document', 'slides.PPTX', 'office', 'upload-office'],
      ['document', 'paper.pdf', 'pdf', 'upload-inspect'],
      ['scorm', 'package.zip', 'scorm', 'upload-inspect'],
      ['package', 'backup.mbz', 'course-package', 'upload-inspect'],
      ['image', 'photo.png', undefined, 'upload-inspect'],
      ['document', 'notes.txt', undefined, 'upload-inspect'],
    ];
    for (const [type, name, kind, queue] of cases) {
      expect({ name, kind: processorFor({ type, name })?.kind, queue: queueFor({ type, name }) }).toEqual({ name, kind, queue });
    }
  });

  it('replaces a processor registered again under the same kind', () => {
    const before = registeredProcessorKinds();
    registerProcessor({ kind: 'pdf', queue: 'upload-office', matches: (row) => row.name.endsWith('.pdf'), run: async () => ({}) });
    expect(registeredProcessorKinds()).toEqual(before);
    expect(queueFor({ type: 'document', name: 'paper.pdf' })).toBe('upload-office');
    registerUploadProcessors();
    expect(queueFor({ type: 'document', name: 'paper.pdf' })).toBe('upload-inspect');
  });

  it('keeps derived objects under derived/{id}', () => {
    expect(derivedPrefix(42)).toBe('derived/42');
  });
});
