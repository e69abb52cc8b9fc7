import { describe, expect, it } from 'vitest';
import { LOCALES } from '@atrium/contracts';
import english from 'video.js/dist/lang/en.json';
import { videojsLanguage } from './videojs-language';

const placeholders = (text: string) => [...text.matchAll(/\{\d\}/g)].map((m) => m[0]).sort();

describe('video.js in the interface language (issue 23 §2)', () => {
  it('en-us needs nothing loaded: video.js speaks English, and the promise is already settled for React’s use', async () => {
    const language = videojsLanguage('en-us');
    expect(language).toMatchObject({ status: 'fulfilled' });
    expect(await language).toEqual({ code: 'en-us', dictionary: {} });
  });

  it.each(LOCALES.filter((l) => !l.startsWith('en-')))('%s translates every one of video.js’s words, keeping their {n} placeholders', async (locale) => {
    const { code, dictionary } = await videojsLanguage(locale);
    expect(code).toBe(locale);
    for (const [key] of Object.entries(english)) {
      expect(dictionary[key], `${locale}: "${key}"`).toBeTruthy();
      expect(dictionary[key], `${locale}: "${key}" left in English`).not.toBe(key);
      expect(placeholders(dictionary[key]!), `${locale}: "${key}"`).toEqual(placeholders(key));
    }
  });

  it('merges Atrium’s words over video.js’s own (zh-cn: video.js has Play, Atrium adds Drop shadow)', async () => {
    const { dictionary } = await videojsLanguage('zh-cn');
    expect(dictionary.Play).toBe('播放');
    expect(dictionary['Drop shadow']).toBeTruthy();
    expect(videojsLanguage('zh-cn')).toMatchObject({ status: 'fulfilled' });
  });
});
