// Reports the JS a route loads in the built app: the entry chunk from dist/index.html,
// its static imports, and the lazy chunks named on the command line (with their
// static imports), raw and gzip bytes. Usage: node scripts/route-js-size.mjs login-page
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const staticImports = (file) => {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
};
const closure = (start, seen = new Set()) => {
  const stack = [start];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
};

const loaded = closure(entry);
for (const name of process.argv.slice(2)) {
  const chunk = files.find((f) => f.startsWith(`${name}-`));
  if (!chunk) throw new Error(`no chunk named ${name}`);
  closure(chunk, loaded);
}
let raw = 0;
let gz = 0;
for (const file of [...loaded].sort()) {
  const bytes = readFileSync(join(assets, file));
  const g = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  console.log(`${file.padEnd(44)} ${String(bytes.length).padStart(8)} ${String(g).padStart(8)}`);
}
console.log(`${'total'.padEnd(44)} ${String(raw).padStart(8)} ${String(gz).padStart(8)}  (raw / gzip bytes, ${loaded.size} files)`);
