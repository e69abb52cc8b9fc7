import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14 "Done means": the import graph of apps/server/src has no cycle. This
 * reads every non-test .ts file, follows its relative specifiers (static
 * imports, `import type`, re-exports and literal dynamic imports), and fails
 * naming each cycle it finds as `a.ts → b.ts → a.ts`.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Every .ts file under `dir`, tests and declaration files left out; absolute paths. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative specifiers `text` imports, comments removed first. Exported for the self-test below. */
export function relativeSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2]) as string);
}

/** Resolves `./x.js` (or `./x`, `./dir`) from `from` to an existing .ts file, or undefined. */
function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => known.has(c));
}

/** The graph: file → files it imports (absolute paths). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = relativeSpecifiers(readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s, known))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per strongly connected component of more than one file (or a file importing itself), as lists of files. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  // Within each component, a shortest path back to its first file is one readable cycle.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const cycle = [v];
          while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
          return [...cycle, start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

describe('import graph of apps/server/src', () => {
  it('reads import, import type, export from and dynamic import specifiers, not comments', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
      "// import { g } from './g.js';",
      "/* import { h } from './h.js'; */",
      "import { z } from 'zod';",
      'import {\n  x,\n  y,\n} from "./multi.js";',
    ].join('\n');
    expect(relativeSpecifiers(text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.js', './f.js', './multi.js']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('has no cycle', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const cycles = findCycles(importGraph(files)).map((cycle) => cycle.map((f) => path.relative(SRC, f)).join(' → '));
    expect(cycles, `import cycles in apps/server/src:\n${cycles.join('\n')}`).toEqual([]);
  });
});
