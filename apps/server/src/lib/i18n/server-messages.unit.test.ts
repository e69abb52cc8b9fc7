import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@atrium/contracts';
import sources from './messages.json' with { type: 'json' };
import { EMAIL_CATALOGS, emailText, requestLocale, SERVER_CATALOGS, translateErrorBody, translateMessage } from './server-messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages in every language (issue 23 §2)', () => {
  it('messages.json holds every message the code writes (node scripts/extract-server-messages.mjs)', () => {
    const run = spawnSync(process.execPath, ['scripts/extract-server-messages.mjs', '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it.each(LOCALES.filter((l) => !l.startsWith('en-')))('%s translates every message, none empty or left in English, with the same {placeholders}', (locale) => {
    const catalog = SERVER_CATALOGS[locale];
    const problems: string[] = [];
    for (const source of sources) {
      const text = catalog[source];
      if (text === undefined || text.trim() === '') problems.push(`missing: ${source}`);
      else {
        if (text === source) problems.push(`left in English: ${source}`);
        if (placeholders(text).join() !== placeholders(source).join()) problems.push(`placeholders: ${source}`);
      }
    }
    const extra = Object.keys(catalog).filter((key) => !(sources as string[]).includes(key));
    expect(problems).toEqual([]);
    expect(extra, 'translations of messages the code no longer writes').toEqual([]);
  });

  it('en-us spells the American way; en-gb is the source itself', () => {
    for (const [source, text] of Object.entries(SERVER_CATALOGS['en-us'])) {
      expect(sources, source).toContain(source);
      expect(text, source).not.toMatch(/organis|cancelled|enrolment/i);
    }
    const british = (sources as string[]).filter((s) => /organis|cancelled|enrolment/i.test(s));
    expect(british.filter((s) => SERVER_CATALOGS['en-us'][s] === undefined)).toEqual([]);
    expect(SERVER_CATALOGS['en-gb']).toEqual({});
  });

  it('translates exact texts and patterns, fills placeholders, and leaves message keys and unknown texts alone', () => {
    expect(translateMessage('en-us', 'This organisation does not exist')).toBe('This organization does not exist');
    expect(translateMessage('en-us', 'No such users in this organisation: 4, 5')).toBe('No such users in this organization: 4, 5');
    expect(translateMessage('en-us', 'name: This organisation does not exist')).toBe('name: This organization does not exist');
    expect(translateMessage('en-us', 'fileUpload.sizeLimit')).toBe('fileUpload.sizeLimit');
    expect(translateMessage('zh-cn', 'Something nobody wrote')).toBe('Something nobody wrote');
    const zh = SERVER_CATALOGS['zh-cn']['All {max_attempts} attempt(s) of this exam were used'];
    if (zh) expect(translateMessage('zh-cn', 'All 3 attempt(s) of this exam were used')).toBe(zh.replace('{max_attempts}', '3'));
    const body = translateErrorBody('en-us', {
      code: 'X',
      message: 'This organisation is not yours',
      errors: { org_id: ['This organisation is not yours', 'fileUpload.nameError'] },
    });
    expect(body).toEqual({
      code: 'X',
      message: 'This organization is not yours',
      errors: { org_id: ['This organization is not yours', 'fileUpload.nameError'] },
    });
  });

  it('reads Accept-Language by preference (q-values), mapping like the web; no header is no translation', () => {
    expect(requestLocale({})).toBeNull();
    expect(requestLocale({ 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' })).toBe('th-th');
    expect(requestLocale({ 'accept-language': 'en;q=0.5, zh-HK;q=0.9' })).toBe('zh-tw');
    expect(requestLocale({ 'accept-language': 'de-DE' })).toBe('en-us');
    expect(requestLocale({ 'accept-language': 'ms' })).toBe('ms-my');
  });

  it.each(LOCALES.filter((l) => l !== 'en-gb'))(
    'e-mails: %s has every text, none empty or (outside English) left in English, with the same {placeholders}',
    (locale) => {
      const source = EMAIL_CATALOGS['en-gb'];
      const catalog = EMAIL_CATALOGS[locale];
      const problems: string[] = [];
      for (const [key, english] of Object.entries(source)) {
        const text = catalog[key as keyof typeof source];
        if (text === undefined || text.trim() === '') problems.push(`missing: ${key}`);
        else {
          if (!locale.startsWith('en-') && text === english) problems.push(`left in English: ${key}`);
          if (placeholders(text).join() !== placeholders(english).join()) problems.push(`placeholders: ${key}`);
        }
      }
      expect(problems).toEqual([]);
      expect(Object.keys(catalog).filter((key) => !(key in source))).toEqual([]);
    },
  );

  it('e-mail texts fill their placeholders; a recipient with no language reads the source', () => {
    expect(emailText(null, 'auth_code.subject', { code: '123456' })).toBe('Your Atrium code: 123456');
    expect(emailText('en-us', 'verification.text_sign_up', { name: 'Ada', url: 'https://x.test/v' })).toContain(
      'signing your organization up:\nhttps://x.test/v',
    );
    const thai = emailText('th-th', 'auth_code.subject', { code: '123456' });
    expect(thai).toContain('123456');
    expect(thai).not.toBe('Your Atrium code: 123456');
  });
});
