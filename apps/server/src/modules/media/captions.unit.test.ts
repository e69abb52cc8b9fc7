import { describe, expect, it } from 'vitest';
import { captionTracksOf } from './captions.js';

const file = (id: number, name: string, status = 'ready') => ({ id, name, status });

describe('caption tracks of a video (WebVTT files named after it)', () => {
  it('takes lecture.vtt and lecture.<language>.vtt, canonical language tags, in the activity’s order', () => {
    expect(
      captionTracksOf('Lecture.mp4', [
        file(1, 'lecture.en.vtt'),
        file(2, 'notes.pdf'),
        file(3, 'Lecture.zh-cn.vtt'),
        file(4, 'lecture.vtt'),
        file(5, 'other.en.vtt'),
      ]),
    ).toEqual([
      { uploadId: 1, srclang: 'en', name: 'lecture.en.vtt' },
      { uploadId: 3, srclang: 'zh-CN', name: 'Lecture.zh-cn.vtt' },
      { uploadId: 4, srclang: null, name: 'lecture.vtt' },
    ]);
  });

  it('leaves out files still processing or in the trash, and other extensions', () => {
    expect(captionTracksOf('a.mp4', [file(1, 'a.vtt', 'processing'), { ...file(2, 'a.en.vtt'), inTrash: true }, file(3, 'a.srt')])).toEqual([]);
  });
});
