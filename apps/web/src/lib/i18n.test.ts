import { describe, expect, it } from 'vitest';
import { isLocale, pickLocale } from './i18n';

describe('pickLocale', () => {
  it('prefers a valid stored choice', () => {
    expect(pickLocale('th-th', ['en-US'])).toBe('th-th');
  });
  it('ignores an unknown stored value and matches browser languages case-insensitively', () => {
    expect(pickLocale('xx-yy', ['zh-CN', 'en-US'])).toBe('zh-cn');
    expect(pickLocale(null, ['en-GB'])).toBe('en-gb');
  });
  it('maps a bare primary language to its main locale', () => {
    expect(pickLocale(null, ['zh'])).toBe('zh-cn');
    expect(pickLocale(null, ['vi'])).toBe('vi-vn');
    expect(pickLocale(null, ['zh-HK'])).toBe('zh-tw');
  });
  it('falls back to en-us', () => {
    expect(pickLocale(null, [])).toBe('en-us');
    expect(pickLocale(null, ['de-DE', 'fr'])).toBe('en-us');
  });
  it('knows the ten interface languages of spec §1', () => {
    for (const locale of ['zh-cn', 'zh-tw', 'zh-mo', 'en-gb', 'en-us', 'th-th', 'id-id', 'ms-my', 'vi-vn', 'ta-in']) expect(isLocale(locale)).toBe(true);
    expect(isLocale('en')).toBe(false);
  });
});
