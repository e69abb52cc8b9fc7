import { describe, expect, it } from 'vitest';
import { onlineVideoEmbedOf } from './online-video';
import { embeddedFileUrl } from './embedded-file';
import { cmiForRelaunch, cmiOfRendered, reportedStatusOf } from './scorm-cmi';

describe('onlineVideoEmbedOf (spec §5 embedded video URL)', () => {
  it('maps supported links to their players', () => {
    expect(onlineVideoEmbedOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(onlineVideoEmbedOf('https://youtu.be/dQw4w9WgXcQ')?.provider).toBe('youtube');
    expect(onlineVideoEmbedOf('https://vimeo.com/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871');
    expect(onlineVideoEmbedOf('https://www.bilibili.com/video/BV1xx411c7mD')?.provider).toBe('bilibili');
  });
  it('refuses anything else', () => {
    expect(onlineVideoEmbedOf('https://example.com/video.mp4')).toBeNull();
    expect(onlineVideoEmbedOf('javascript:alert(1)')).toBeNull();
    expect(onlineVideoEmbedOf('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(onlineVideoEmbedOf('not a url')).toBeNull();
  });
});

describe('embeddedFileUrl (embedded PDF viewers)', () => {
  const origin = 'https://atrium.example';
  it('keeps same-origin API paths only', () => {
    expect(embeddedFileUrl('/api/media/1/2/sig/document.pdf', origin)).toBe('/api/media/1/2/sig/document.pdf');
    expect(embeddedFileUrl('https://atrium.example/anonymous-api/3/uploads/4/blob?preview=true', origin)).toBe('/anonymous-api/3/uploads/4/blob?preview=true');
    expect(embeddedFileUrl('https://evil.example/api/x.pdf', origin)).toBeNull();
    expect(embeddedFileUrl('/login', origin)).toBeNull();
    expect(embeddedFileUrl(null, origin)).toBeNull();
  });
});

describe('SCORM CMI (SCORM 1.2 RTE §3.4, 2004 RTE §4.2)', () => {
  it('a stored 1.2 bookmark relaunches as resume without the write-only session time', () => {
    const cmi = cmiForRelaunch('1.2', { core: { lesson_location: '4', lesson_status: 'incomplete', session_time: '00:00:10' }, suspend_data: '' });
    expect(cmi).toEqual({ core: { lesson_location: '4', lesson_status: 'incomplete', entry: 'resume' }, suspend_data: '' });
    expect(cmiForRelaunch('1.2', null)).toBeNull();
    expect(cmiForRelaunch('1.2', { cmi: { core: { lesson_location: '2', entry: 'resume' } } })).toEqual({ core: { lesson_location: '2', entry: 'resume' } });
  });
  it('2004 without location or suspend data starts ab-initio', () => {
    expect(cmiForRelaunch('2004', { completion_status: 'incomplete', session_time: 'PT10S' })).toEqual({ completion_status: 'incomplete', entry: 'ab-initio' });
    expect(cmiForRelaunch('2004', { location: '3' })?.entry).toBe('resume');
  });
  it('reads the reported status and unwraps scorm-again output', () => {
    expect(cmiOfRendered({ cmi: { core: { lesson_status: 'completed' } } })).toEqual({ core: { lesson_status: 'completed' } });
    expect(reportedStatusOf('1.2', { core: { lesson_status: 'completed' } })).toBe('completed');
    expect(reportedStatusOf('2004', { completion_status: 'completed', success_status: 'unknown' })).toBe('completed');
    expect(reportedStatusOf('2004', { completion_status: 'completed', success_status: 'passed' })).toBe('passed');
  });
});
