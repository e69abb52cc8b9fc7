/**
 * The server's words in the reader's language (issue 23 §2, decision 0141): error messages and
 * field errors of every answer, translated from the English the services write.
 *
 * - Source: `messages.json`, the English messages extracted from the code
 *   (`node scripts/extract-server-messages.mjs`; a test fails when it is out of date). A message
 *   written as a template literal is a pattern whose `{name}` placeholders match any text.
 * - Translations: `locales/<lang>.json`, one object `{ english: translation }` per language of
 *   spec §1; the source is British English, so en-gb is empty and en-us holds the messages
 *   spelt otherwise in American English.
 * - The language: `Accept-Language` (RFC 9110 §12.5.4; the web sends the language the person
 *   chose), read with `negotiator` and matched like the web's (contracts `pickLocale`).
 * - Spec message keys (`fileUpload.sizeLimit`) and unknown texts pass through unchanged.
 */
import Negotiator from 'negotiator';
import * as zodLocales from 'zod/locales';
import { pickLocale, type Locale } from '@atrium/contracts';
import emailsEnGb from './emails/en-gb.json' with { type: 'json' };
import emailsEnUs from './emails/en-us.json' with { type: 'json' };
import emailsIdId from './emails/id-id.json' with { type: 'json' };
import emailsMsMy from './emails/ms-my.json' with { type: 'json' };
import emailsTaIn from './emails/ta-in.json' with { type: 'json' };
import emailsThTh from './emails/th-th.json' with { type: 'json' };
import emailsViVn from './emails/vi-vn.json' with { type: 'json' };
import emailsZhCn from './emails/zh-cn.json' with { type: 'json' };
import emailsZhMo from './emails/zh-mo.json' with { type: 'json' };
import emailsZhTw from './emails/zh-tw.json' with { type: 'json' };
import enGb from './locales/en-gb.json' with { type: 'json' };
import enUs from './locales/en-us.json' with { type: 'json' };
import idId from './locales/id-id.json' with { type: 'json' };
import msMy from './locales/ms-my.json' with { type: 'json' };
import taIn from './locales/ta-in.json' with { type: 'json' };
import thTh from './locales/th-th.json' with { type: 'json' };
import viVn from './locales/vi-vn.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };
import zhMo from './locales/zh-mo.json' with { type: 'json' };
import zhTw from './locales/zh-tw.json' with { type: 'json' };

type Catalog = Readonly<Record<string, string>>;

/** The translations of each language (English text → translation). */
export const SERVER_CATALOGS: Readonly<Record<Locale, Catalog>> = {
  'en-us': enUs,
  'en-gb': enGb,
  'zh-cn': zhCn,
  'zh-tw': zhTw,
  'zh-mo': zhMo,
  'th-th': thTh,
  'id-id': idId,
  'ms-my': msMy,
  'vi-vn': viVn,
  'ta-in': taIn,
};

const PLACEHOLDER = /\{(\w+)\}/g;

interface Pattern {
  regex: RegExp;
  names: string[];
  source: string;
}

/** The patterns (messages with `{placeholders}`) of a catalog, compiled once per language. */
const patternsOf = new Map<Locale, Pattern[]>();

function patterns(locale: Locale): Pattern[] {
  let list = patternsOf.get(locale);
  if (!list) {
    list = [];
    for (const source of Object.keys(SERVER_CATALOGS[locale])) {
      const names = [...source.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
      if (names.length === 0) continue;
      const body = source
        .split(PLACEHOLDER)
        .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      list.push({ regex: new RegExp(`^${body}$`, 's'), names, source });
    }
    patternsOf.set(locale, list);
  }
  return list;
}

/**
 * `message` in `locale`: the catalog's translation of the exact text, else of the first pattern it
 * matches (placeholders filled with the matched text), else of the message part of a composed
 * `field: message`; otherwise `message` unchanged (a message key, a text not yet translated).
 */
export function translateMessage(locale: Locale, message: string): string {
  const catalog = SERVER_CATALOGS[locale];
  const exact = catalog[message];
  if (exact !== undefined) return exact;
  for (const pattern of patterns(locale)) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, i) => [name, match[i + 1] ?? '']));
    return (catalog[pattern.source] ?? message).replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  const composed = /^([\w.[\]]+): (.+)$/s.exec(message);
  if (composed?.[2] !== undefined) {
    const rest = translateMessage(locale, composed[2]);
    if (rest !== composed[2]) return `${composed[1]}: ${rest}`;
  }
  return message;
}

/**
 * The language of a request's answer: its `Accept-Language` (in order of preference; a language
 * outside spec §1 only is en-us), or null without the header: the source English, untranslated.
 */
export function requestLocale(headers: { 'accept-language'?: string | string[] | undefined }): Locale | null {
  const header = headers['accept-language'];
  if (!header) return null;
  const languages = new Negotiator({ headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header } }).languages();
  return pickLocale(null, languages);
}

/** An error body with its message and field errors in `locale`. */
export function translateErrorBody<T extends { message: string; errors?: Record<string, string[]> }>(locale: Locale, body: T): T {
  const errors = body.errors
    ? Object.fromEntries(Object.entries(body.errors).map(([field, list]) => [field, list.map((m) => translateMessage(locale, m))]))
    : undefined;
  return { ...body, message: translateMessage(locale, body.message), ...(errors ? { errors } : {}) };
}

/** Zod's own messages per language (`zod/locales`; zh-mo reads Traditional Chinese). */
const ZOD_LOCALES: Record<Locale, () => { localeError: (issue: never) => unknown }> = {
  'en-us': zodLocales.en,
  'en-gb': zodLocales.en,
  'zh-cn': zodLocales.zhCN,
  'zh-tw': zodLocales.zhTW,
  'zh-mo': zodLocales.zhTW,
  'th-th': zodLocales.th,
  'id-id': zodLocales.id,
  'ms-my': zodLocales.ms,
  'vi-vn': zodLocales.vi,
  'ta-in': zodLocales.ta,
};

const zodErrorMaps = new Map<Locale, (issue: never) => unknown>();

function zodText(locale: Locale, issue: Record<string, unknown>): string | undefined {
  let map = zodErrorMaps.get(locale);
  if (!map) {
    map = ZOD_LOCALES[locale]().localeError;
    zodErrorMaps.set(locale, map);
  }
  try {
    const out = map(issue as never);
    if (typeof out === 'string') return out;
    if (out && typeof out === 'object' && 'message' in out && typeof out.message === 'string') return out.message;
  } catch {
    // An issue shape the locale does not know: keep the message as it was.
  }
  return undefined;
}

/**
 * A schema issue's message in `locale` (fastify-type-provider-zod hands the issue as `keyword` +
 * `params` + `message`): zod's own wording in that language when the message is zod's English
 * default (recomputed in English from the issue and `input` to tell), else the schema's own
 * message through the catalog.
 */
export function translateSchemaIssue(
  locale: Locale,
  issue: { keyword: string; message?: string | undefined; params?: Record<string, unknown> },
  input?: unknown,
): string {
  const message = issue.message ?? 'is invalid';
  // `input`: the value the issue is about (zod's messages name its type), as the request held it.
  const raw = { ...(issue.params ?? {}), code: issue.keyword, path: [], message, input };
  if (zodText('en-us', raw) === message) return zodText(locale, raw) ?? message;
  return translateMessage(locale, message);
}

/** The keys of the e-mail and SMS texts (`emails/<lang>.json`; the source is `emails/en-gb.json`). */
export type EmailTextKey = keyof typeof emailsEnGb;

/** The e-mail and SMS texts of each language (issue 23 §2); the source, British English, is also the text for a recipient with no language. */
export const EMAIL_CATALOGS: Readonly<Record<Locale, Partial<Record<EmailTextKey, string>>>> = {
  'en-gb': emailsEnGb,
  'en-us': emailsEnUs,
  'zh-cn': emailsZhCn,
  'zh-tw': emailsZhTw,
  'zh-mo': emailsZhMo,
  'th-th': emailsThTh,
  'id-id': emailsIdId,
  'ms-my': emailsMsMy,
  'vi-vn': emailsViVn,
  'ta-in': emailsTaIn,
};

/**
 * An e-mail or SMS text in the recipient's language (`null`: none chosen, the source English), its
 * `{placeholders}` filled from `values`; a text a language lacks falls back to the source.
 */
export function emailText(locale: Locale | null, key: EmailTextKey, values: Record<string, string | number> = {}): string {
  const template = (locale ? EMAIL_CATALOGS[locale][key] : undefined) ?? emailsEnGb[key];
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
