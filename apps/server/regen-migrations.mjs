// Folds every migration after 0000 into one fresh migration generated from the current schema.
// Use while a change is unreleased (nothing after 0000 has shipped): `npm run db:regen -w apps/server`.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const dir = 'src/db/migrations';
const journalPath = `${dir}/meta/_journal.json`;
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
const kept = journal.entries.filter((e) => e.idx === 0);
for (const entry of journal.entries.filter((e) => e.idx !== 0)) rmSync(`${dir}/${entry.tag}.sql`, { force: true });
for (const file of readdirSync(`${dir}/meta`)) if (/^\d{4}_snapshot\.json$/.test(file) && file !== '0000_snapshot.json') rmSync(`${dir}/meta/${file}`);
writeFileSync(journalPath, `${JSON.stringify({ ...journal, entries: kept }, null, 2)}\n`);
execFileSync('npx', ['drizzle-kit', 'generate', '--name', process.argv[2] ?? 'next'], { stdio: 'inherit' });
