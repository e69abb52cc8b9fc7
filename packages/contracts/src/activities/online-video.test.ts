import { describe, expect, it } from 'vitest';
import { activityDataSchema } from './activities.schemas.js';
import { isHttpUrl, parseOnlineVideoUrl } from './online-video.js';

describe('isHttpUrl', () => {
  it('accepts http and https only', () => {
    expect(['https://example.org', 'http://a.b/c?d=1'].map(isHttpUrl)).toEqual([true, true]);
    expect(['javascript:alert(1)', 'data:text/html,x', 'ftp://x.org', '//x.org', '/relative', 'mailto:a@b.c', ''].map(isHttpUrl)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('parseOnlineVideoUrl', () => {
  it('recognises the supported providers and gives an https embed URL', () => {
    expect(parseOnlineVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual({
      provider: 'youtube',
      video_id: 'dQw4w9WgXcQ',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(parseOnlineVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.video_id).toBe('dQw4w9WgXcQ');
    expect(parseOnlineVideoUrl('https://vimeo.com/76979871')?.embed_url).toBe('https://player.vimeo.com/video/76979871');
    expect(parseOnlineVideoUrl('https://www.bilibili.com/video/BV1GJ411x7h7/')?.embed_url).toBe('https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7');
    expect(parseOnlineVideoUrl('https://v.youku.com/v_show/id_XNDk2MzQ0NjQ4MA==.html')?.provider).toBe('youku');
    expect(parseOnlineVideoUrl('https://v.qq.com/x/cover/abc/a0012345678.html')?.provider).toBe('tencent');
  });
  it('refuses other sites, lookalike hosts and non-http schemes', () => {
    for (const url of [
      'https://example.org/video.mp4',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch',
    ]) {
      expect({ url, parsed: parseOnlineVideoUrl(url) }).toEqual({ url, parsed: null });
    }
  });
});

describe('activityDataSchema', () => {
  it('names the data field that is wrong', () => {
    const r = activityDataSchema('web_link').safeParse({ url: 'javascript:alert(1)' });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['url']);
    const m = activityDataSchema('zoom').safeParse({ provider: 'zoom' });
    expect(m.success ? [] : m.error.issues.map((i) => i.path.join('.'))).toEqual(['join_url']);
    expect(activityDataSchema('exam').safeParse({}).success).toBe(true);
  });
});
