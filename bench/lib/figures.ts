// The benchmarks' headline figures, for the one table `npm run bench` prints (issue 22): each bench
// reports a figure beside the line where it prints it; scripts/run-benches.mjs collects them.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

/** One headline figure of a bench, as the bench computed it. */
export interface Figure {
  /**
   * Short and unique within its bench, naming the database or setting when the bench runs more than one:
   * `forum list p99 (20 conn)`, `GET /api/user vs bare (PostgreSQL)`.
   */
  name: string;
  /** The figure in `unit`; NaN when the bench tried to measure it and could not (written as null, never met). */
  value: number;
  /** The unit of `value` and `target`: `ms`, `s`, `MB` (as the bench counts it), `KB`, `req/s`, `×` (a ratio, e.g. of a bare route's req/s). */
  unit: string;
  /** The target in `unit`; left out when the issue sets none for this figure. */
  target?: number;
  /** Which way is better: `lower` means met when value ≤ target, `higher` when value ≥ target. */
  better: 'lower' | 'higher';
  /** A few words the table shows beside the name (how it was taken, e.g. `median of 3`). */
  note?: string;
}

/** One line of the ATRIUM_BENCH_FIGURES file: the figure, its bench and whether it met its target. */
export interface FigureLine extends Figure {
  /** The bench's file name without `.bench.ts` / `.bench.mjs`: `forum`, `idle-memory`. */
  bench: string;
  /** Undefined (left out of the JSON) when there is no target; false when the value is not a number. */
  met?: boolean;
}

/** Whether `value` meets `target` (undefined without a target; false for NaN). */
export function isMet(value: number, target: number | undefined, better: Figure['better']): boolean | undefined {
  if (target === undefined) return undefined;
  if (!Number.isFinite(value)) return false;
  return better === 'lower' ? value <= target : value >= target;
}

/** The running bench's name, from its script (process.argv[1]): `bench/forum.bench.ts` → `forum`, `x.mjs` → `x`. */
function runningBench(): string {
  return path.basename(process.argv[1] ?? 'unknown').replace(/(\.bench)?\.[cm]?[jt]s$/, '');
}

/**
 * Records one headline figure. When `process.env.ATRIUM_BENCH_FIGURES` names a file (scripts/run-benches.mjs
 * sets it for every bench it runs), appends one JSON line to it:
 * `{ bench, name, value, unit, target, better, met, note }` — `bench` is `bench` if given, else the running
 * script's name (`forum` for bench/forum.bench.ts); `target`, `met` and `note` are left out when undefined;
 * `value` is null when NaN. Without the variable it does nothing. It prints nothing: the bench keeps its own
 * output. Call it from the bench's own process (not from a worker or a child it starts with another script).
 */
export function reportFigure(figure: Figure, bench: string = runningBench()): void {
  const file = process.env.ATRIUM_BENCH_FIGURES;
  if (!file) return;
  const line: FigureLine = {
    bench,
    name: figure.name,
    value: figure.value,
    unit: figure.unit,
    target: figure.target,
    better: figure.better,
    met: isMet(figure.value, figure.target, figure.better),
    note: figure.note,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
