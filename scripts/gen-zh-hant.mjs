#!/usr/bin/env node
// Fills the Traditional Chinese interface languages (spec §1: zh-tw, zh-mo) from zh-cn with
// OpenCC (opencc-js): zh-tw with Taiwan characters (`tw`; its phrase table turns 代码 'code' into 程式碼 'program code', so it is not used), zh-mo with Hong Kong characters (`hk`).
// A value a file already has is kept (hand-written zh-tw text wins); only missing keys are
// converted. Run after adding zh-cn text: `node scripts/gen-zh-hant.mjs`.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OpenCC from 'opencc-js';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/locales');
const targets = [
  { locale: 'zh-tw', to: 'tw' },
  { locale: 'zh-mo', to: 'hk' },
];

/** `converted` with every value `kept` already has put back over it (same shape). */
function fill(converted, kept) {
  if (typeof converted === 'string') return typeof kept === 'string' ? kept : converted;
  const out = {};
  for (const [key, value] of Object.entries(converted)) out[key] = fill(value, kept && typeof kept === 'object' ? kept[key] : undefined);
  // Keys only the kept file has (e.g. hand-written plural forms) stay too.
  if (kept && typeof kept === 'object') for (const [key, value] of Object.entries(kept)) if (!(key in out)) out[key] = value;
  return out;
}

function convertTree(tree, convert) {
  if (typeof tree === 'string') return convert(tree);
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, convertTree(value, convert)]));
}

for (const { locale, to } of targets) {
  const convert = OpenCC.Converter({ from: 'cn', to });
  mkdirSync(path.join(locales, locale), { recursive: true });
  for (const file of readdirSync(path.join(locales, 'zh-cn')).filter((f) => f.endsWith('.json'))) {
    const source = JSON.parse(readFileSync(path.join(locales, 'zh-cn', file), 'utf8'));
    const target = path.join(locales, locale, file);
    const kept = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : undefined;
    writeFileSync(target, `${JSON.stringify(fill(convertTree(source, convert), kept), null, 2)}\n`);
    console.log(`${locale}/${file}`);
  }
}
