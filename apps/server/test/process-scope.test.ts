import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, makeTempDir, PARENT_PID_ENV, reapOrphanedTools, removeStaleRunDirs, runTempRoot } from '../src/lib/process-scope.js';

// Issue 20 §9: a server killed with `kill -9` leaves no ffmpeg/LibreOffice running and no temporary
// folders behind after the next start. Real processes: a "server" (node running the real runTool)
// killed with SIGKILL, its tool, and folders of dead processes.
const root = path.resolve(import.meta.dirname, '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-scope-test-'));
const started: number[] = [];
afterAll(() => {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

/** Polls until `check` holds (at most `ms`). */
async function until(check: () => boolean, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Pids whose environment carries ATRIUM_PARENT_PID=parent (the tools a server started). */
function toolsOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/environ`, 'latin1').split('\0').includes(`${PARENT_PID_ENV}=${parent}`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The command name of a live process (`/proc/<pid>/comm`), or '' when it is gone. */
function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'latin1').trim();
  } catch {
    return '';
  }
}

describe('after a server was killed', () => {
  it('the next start removes the temporary folders of dead processes and keeps those of live ones', async () => {
    const dead = path.join(tmp, `atrium-run-${deadPid()}`);
    mkdirSync(path.join(dead, 'atrium-job-7-abc'), { recursive: true });
    writeFileSync(path.join(dead, 'atrium-job-7-abc', 'input.mp4'), 'x');
    const mine = runTempRoot(tmp);
    mkdirSync(mine, { recursive: true });
    const unrelated = path.join(tmp, 'atrium-run-notapid');
    mkdirSync(unrelated);
    expect(await removeStaleRunDirs(tmp)).toBe(1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
    // Work folders are made under the process's own run folder.
    const work = await makeTempDir('atrium-job-1-');
    expect(path.dirname(work)).toBe(runTempRoot());
    rmSync(work, { recursive: true, force: true });
  });

  it('a tool started by runTool dies with its server (kill -9), through the parent-death signal', { timeout: 60_000 }, async () => {
    const server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./apps/server/src/jobs/tools.ts').then((m) => m.runTool('sleep', ['300'], { toolsPath: process.env.PATH, timeoutSeconds: 600 }))",
      ],
      { cwd: root, stdio: 'ignore' },
    );
    started.push(server.pid!);
    // Running the tool itself: setpriv has set the parent-death signal and exec'd it (killed before
    // that, on a busy machine, the tool would outlive the server; the next start reaps it, below).
    const running = () => toolsOf(server.pid!).filter((pid) => commOf(pid) === 'sleep');
    expect(await until(() => running().length > 0, 30_000)).toBe(true);
    const [tool] = running();
    started.push(tool!);
    process.kill(server.pid!, 'SIGKILL');
    expect(await until(() => !isAlive(tool!))).toBe(true);
  });

  it('a tool left running by a dead server (no parent-death signal) is killed at the next start', async () => {
    const orphan = spawn('sleep', ['300'], { env: { ...process.env, [PARENT_PID_ENV]: String(deadPid()) }, stdio: 'ignore', detached: true });
    started.push(orphan.pid!);
    const bystander = spawn('sleep', ['300'], { env: { ...process.env, [PARENT_PID_ENV]: String(process.pid) }, stdio: 'ignore' });
    started.push(bystander.pid!);
    expect(await until(() => toolsOf(process.pid).length > 0)).toBe(true);
    expect(await reapOrphanedTools()).toBeGreaterThanOrEqual(1);
    expect(await until(() => orphan.exitCode !== null || orphan.signalCode !== null)).toBe(true);
    expect(orphan.signalCode).toBe('SIGKILL');
    expect(isAlive(bystander.pid!)).toBe(true);
  });
});
