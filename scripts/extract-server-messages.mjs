#!/usr/bin/env node
// Extracts the user-facing messages of the server (the `message` and field errors of every
// `new AppError(code, message, errors)` and `AppError.field(field, message)` in apps/server/src)
// into apps/server/src/lib/i18n/messages.json: the source list the server's translations follow
// (apps/server/src/lib/i18n/locales/<lang>.json; issue 23 §2, decision 0141).
// A template literal becomes a pattern: each `${expr}` a named placeholder `{name}` (the last
// identifier of the expression, or `{value}`), numbered when a name repeats.
// Spec message keys (`fileUpload.sizeLimit`: no space, dotted) are keys the client translates: left out.
// Usage: node scripts/extract-server-messages.mjs [--check]   (--check: exit 1 when the file is out of date)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'apps/server/src');
const outFile = path.join(srcDir, 'lib/i18n/messages.json');

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The placeholder name of an interpolated expression: `settings.max_attempts` → max_attempts. */
function placeholderName(expr) {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  if (ts.isNonNullExpression(expr) || ts.isParenthesizedExpression(expr)) return placeholderName(expr.expression);
  return 'value';
}

/** String constants of the file being read (`const NOT_FOUND = '…'`), so `new AppError(code, NOT_FOUND)` counts. */
let constants = new Map();

/** The catalog texts of a message expression: a literal, a template, both branches of `a ? 'x' : 'y'`, a file constant; none for anything else. */
function textsOf(node) {
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  if (ts.isIdentifier(node)) return constants.has(node.text) ? [constants.get(node.text)] : [];
  const text = textOf(node);
  return text === null ? [] : [text];
}

/** The catalog text of a literal or template, or null. */
function textOf(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    const used = new Map();
    let out = node.head.text;
    for (const span of node.templateSpans) {
      const base = placeholderName(span.expression);
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      out += `{${n === 1 ? base : `${base}${n}`}}` + span.literal.text;
    }
    return out;
  }
  return null;
}

/** Functions that take a message to throw: name → index of the message argument (their own default counts too). */
// `invalid`: the statistics server's field error (apps/stats ingest.ts), which the main server answers as AppError.field.
const MESSAGE_ARGUMENTS = {
  assertManagesOrganisation: 1,
  assertManagesCourseCalendar: 2,
  invalid: 1,
  planOfOrg: 3,
  assertStudent: 1,
  notFound: 1,
  refuseAnswer: 0,
};

const isMessageKey = (text) => /^[\w-]+(\.[\w-]+)+$/.test(text);
const found = new Map();

function add(text, where) {
  if (text === null || text.trim() === '' || isMessageKey(text)) return;
  // Composed messages (`${field}: ${message}`) are translated part by part at run time.
  if (/^(\{\w+\}|[\w.]+): (\{\w+\})+$/.test(text)) return;
  if (!found.has(text)) found.set(text, where);
}

function addErrors(node, where) {
  if (!node || !ts.isObjectLiteralExpression(node)) return;
  for (const prop of node.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isArrayLiteralExpression(prop.initializer)) continue;
    for (const el of prop.initializer.elements) for (const text of textsOf(el)) add(text, where);
  }
}

// apps/stats too: embedded, its field errors reach users through the main server.
for (const file of [...sourceFiles(srcDir), ...sourceFiles(path.join(root, 'apps/stats/src'))]) {
  const code = fs.readFileSync(file, 'utf8');
  if (!code.includes('AppError') && !Object.keys(MESSAGE_ARGUMENTS).some((name) => code.includes(`${name}(`))) continue;
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const rel = path.relative(root, file);
  constants = new Map();
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      const text = decl.initializer ? textOf(decl.initializer) : null;
      if (ts.isIdentifier(decl.name) && text !== null) {
        constants.set(decl.name.text, text);
        // A module constant named *_MESSAGE is a message wherever it is used (input-guards.ts).
        if (decl.name.text.endsWith('_MESSAGE')) add(text, `${rel}:${sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1}`);
      }
    }
  }
  const visit = (node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError' && node.arguments) {
      const where = `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (node.arguments[1]) for (const text of textsOf(node.arguments[1])) add(text, where);
      addErrors(node.arguments[2], where);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'AppError' &&
      node.expression.name.text === 'field' &&
      node.arguments[1]
    ) {
      for (const text of textsOf(node.arguments[1])) add(text, `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    // A message handed to a function that throws it; a `message = '…'` parameter default.
    const callee = ts.isCallExpression(node)
      ? ts.isIdentifier(node.expression)
        ? node.expression.text
        : ts.isPropertyAccessExpression(node.expression)
          ? node.expression.name.text
          : null
      : null;
    if (callee !== null && Object.hasOwn(MESSAGE_ARGUMENTS, callee)) {
      const arg = node.arguments[MESSAGE_ARGUMENTS[callee]];
      if (arg) for (const text of textsOf(arg)) add(text, `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'message' && node.initializer) {
      for (const text of textsOf(node.initializer)) add(text, `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    // An error body written by hand (`{ code: 'RATE_LIMITED', message: '…' }`, the error handler).
    if (ts.isObjectLiteralExpression(node)) {
      const props = node.properties.filter(ts.isPropertyAssignment);
      const named = (name) => props.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      const code = named('code');
      const message = named('message');
      if (code && message && ts.isStringLiteral(code.initializer) && /^[A-Z_]+$/.test(code.initializer.text)) {
        for (const text of textsOf(message.initializer)) add(text, `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// The error handler's own words (apps/server/src/plugins/error-handler.ts) are literals too; sorted for stable diffs.
const messages = [...found.keys()].sort((a, b) => a.localeCompare(b, 'en'));
const json = `${JSON.stringify(messages, null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
  if (current !== json) {
    console.error(`apps/server/src/lib/i18n/messages.json is out of date: run node scripts/extract-server-messages.mjs`);
    process.exit(1);
  }
  console.log(`${messages.length} server messages, up to date`);
} else {
  fs.writeFileSync(outFile, json);
  console.log(`${messages.length} server messages written to ${path.relative(root, outFile)}`);
}
