import { FAILURE_CODES, FAILURE_PARAMS } from '@atrium/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from './i18n';
import { failureMessage } from './failure-message';

type Tree = { [key: string]: string | Tree };
const commons = import.meta.glob<Tree>('../locales/*/common.json', { eager: true, import: 'default' });

describe('failure codes (decision 0082)', () => {
  it.each(['en-us', 'zh-cn', 'zh-tw', 'zh-mo'])('%s translates every failure code, using exactly the parameters the code has', (locale) => {
    const failures = commons[`../locales/${locale}/common.json`]?.failures as Record<string, string> | undefined;
    expect(failures, locale).toBeDefined();
    expect(Object.keys(failures ?? {}).sort()).toEqual([...FAILURE_CODES].sort());
    for (const code of FAILURE_CODES) {
      const used = [...(failures?.[code] ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      expect(used, `${locale} ${code}`).toEqual([...FAILURE_PARAMS[code]].sort());
    }
  });

  const i18n = initI18n('en-us');
  afterAll(() => changeLocale('en-us'));

  it('shows the translated message with its parameters, never the stored English detail', async () => {
    await changeLocale('en-us');
    const t = i18n.getFixedT('en-us');
    const reason = 'ffmpeg failed: [h264 @ 0x55] Invalid NAL unit size';
    expect(failureMessage(t, { code: 'TOOL_FAILED', params: { tool: 'ffmpeg' }, reason })).toBe('ffmpeg could not process this file.');
    expect(failureMessage(t, { code: 'ARCHIVE_TOO_MANY_ENTRIES', params: { limit: 20 }, reason: 'x' })).toBe('The archive has more than 20 entries.');
    await changeLocale('zh-cn');
    const zh = i18n.getFixedT('zh-cn');
    expect(failureMessage(zh, { code: 'TOOL_MISSING', params: { tool: 'ffprobe' }, reason: 'ffprobe is not installed' })).toBe(
      '服务器未安装 ffprobe，无法处理此文件。请联系管理员安装后重试。',
    );
  });

  it('formats byte limits and falls back to the stored reason only for a failure without a code', () => {
    const t = i18n.getFixedT('en-us');
    const message = failureMessage(t, { code: 'ARCHIVE_TOO_LARGE', params: { limit: 4294967296 }, reason: 'x' });
    expect(message).toBe('The archive unpacks to more than 4.00 GB.');
    expect(failureMessage(t, { code: null, params: null, reason: 'The source is gone' })).toBe('The source is gone');
    expect(failureMessage(t, { code: null, params: null, reason: null })).toBeNull();
  });
});
