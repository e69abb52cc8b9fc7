// Counts, under apps/server/src (tests excluded), the imports of another module's *.table.js
// outside repositories, and every file outside repositories, migrations and the seed that
// imports drizzle-orm or a *.table module (issue 14 §3). Usage: node scripts/count-table-imports.mjs [root]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'apps/server/src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(full);
  }
})(root);

const moduleOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  return rel[0] === 'modules' ? rel[1] : rel[0];
};
const allowed = (file) => /\.repository\.ts$|\.table\.ts$|\/db\/|\/modules\/seed\//.test(file);
let crossModule = 0;
const outside = new Set();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/from '([^']+)'/g)) {
    const spec = m[1];
    const isTable = spec.endsWith('.table.js');
    if (isTable && !allowed(file)) {
      outside.add(path.relative(root, file));
      const target = moduleOf(path.resolve(path.dirname(file), spec));
      if (target !== moduleOf(file)) crossModule++;
    }
    if (spec === 'drizzle-orm' && !allowed(file)) outside.add(path.relative(root, file));
  }
}
console.log(
  JSON.stringify({ crossModuleTableImports: crossModule, filesOutsideRepositoriesUsingDrizzleOrTables: outside.size, files: [...outside].sort() }, null, 1),
);
