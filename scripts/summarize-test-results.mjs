#!/usr/bin/env node
// Totals every Vitest and Playwright JSON report in a folder and prints one closing line:
// "N passed, N failed" (the line CI reads). Exit code 1 when anything failed or a report is unreadable.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2] ?? 'test-results/reports';
let passed = 0;
let failed = 0;
let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json'));
} catch {
  // no reports at all: counted below as nothing run
}
for (const file of files) {
  try {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      // Playwright: expected = passed, unexpected = failed, flaky passed on retry.
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      for (const name of playwrightFailures(report.suites ?? [], [])) console.error(`  failed: ${name}`);
    } else {
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
      for (const suite of report.testResults ?? []) {
        const where = path.relative(process.cwd(), suite.name ?? '');
        if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
          console.error(`  failed: ${where} (${(suite.message ?? '').split('\n')[0]})`);
        }
        for (const test of suite.assertionResults ?? []) {
          if (test.status === 'failed') console.error(`  failed: ${where} > ${test.fullName ?? test.title}`);
        }
      }
    }
    console.error(`  ${file}: counted`);
  } catch (error) {
    console.error(`  ${file}: unreadable (${error.message}); counted as one failure`);
    failed += 1;
  }
}
/** Titles of the Playwright tests whose outcome was unexpected, as "file > title". */
function* playwrightFailures(suites, trail) {
  for (const suite of suites) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'unexpected')) yield [...here, spec.title].join(' > ');
    }
    yield* playwrightFailures(suite.suites ?? [], here);
  }
}

/**
 * The error lines of a step's log ($dir/<step>.log, written by scripts/run-tests.mjs), at most 40, colours
 * stripped: what made a step fail with every counted test green (unhandled errors, type and lint errors).
 */
function errorLines(step) {
  let text = '';
  try {
    text = readFileSync(path.join(dir, `${step}.log`), 'utf8');
  } catch {
    return [];
  }
  const lines = stripVTControlCharacters(text).split('\n');
  const picked = [];
  lines.forEach((line, i) => {
    if (/Unhandled|error TS\d+|^\s*\d+:\d+\s+error|\bError\b|Code style issues|ERR!|exit code|Failed/i.test(line)) {
      picked.push(...lines.slice(i, i + 5).filter((l) => l.trim() !== ''));
    }
  });
  return [...new Set(picked)].slice(0, 40);
}

// A step can fail with every test green (type errors, lint, unhandled errors): count each such step once.
let failedSteps = [];
try {
  failedSteps = readFileSync(path.join(dir, 'failed-steps'), 'utf8').split('\n').filter(Boolean);
} catch {
  // no step failed
}
if (failed === 0 && failedSteps.length > 0) {
  console.error(`  steps that failed outside counted tests: ${failedSteps.join('; ')}`);
  for (const step of failedSteps) for (const line of errorLines(step)) console.error(`  [${step}] ${line}`);
  failed += failedSteps.length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
