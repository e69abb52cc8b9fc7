import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What a server process leaves on the machine, kept so that a killed process (`kill -9`) leaves
 * nothing behind after the next start (issue 20 §9):
 *
 * - **Temporary folders** all live under one folder per process, `<tmp>/atrium-run-<pid>/`
 *   (processing work folders, import extractions, annotation rasterising). At start,
 *   `removeStaleRunDirs` removes the folders of processes that are no longer alive.
 * - **Tools** (ffmpeg, LibreOffice, poppler) are started with the parent-death signal set
 *   (`setpriv --pdeathsig KILL`, util-linux, on Debian's base system): the kernel kills them when
 *   the server dies. They also carry `ATRIUM_PARENT_PID` in their environment, inherited by
 *   their own children (LibreOffice's soffice.bin), so `reapOrphanedTools` finds and kills at
 *   start any left by a dead server (on Linux, through /proc).
 */
const RUN_PREFIX = 'atrium-run-';
export const PARENT_PID_ENV = 'ATRIUM_PARENT_PID';

/** This process's own temporary folder (`<tmp>/atrium-run-<pid>`); made when first needed. */
export function runTempRoot(tmp = os.tmpdir()): string {
  return path.join(tmp, `${RUN_PREFIX}${process.pid}`);
}

/** A new private temporary folder `<runTempRoot>/<prefix>XXXXXX`; the caller removes it. */
export async function makeTempDir(prefix: string): Promise<string> {
  const root = runTempRoot();
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, prefix));
}

/** Whether a process with this pid is alive (signal 0 probes without signalling; EPERM: alive, another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run folders of dead processes under `tmp`; answers how many. */
export async function removeStaleRunDirs(tmp = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const pid = name.startsWith(RUN_PREFIX) ? Number(name.slice(RUN_PREFIX.length)) : NaN;
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(tmp, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Kills (SIGKILL) the processes a dead Atrium server started: those whose environment holds
 * `ATRIUM_PARENT_PID=<pid>` of a process that is no longer alive. Linux only (/proc); answers how
 * many were killed (0 elsewhere).
 */
export async function reapOrphanedTools(): Promise<number> {
  if (!existsSync('/proc/self/environ')) return 0;
  let killed = 0;
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(entry);
    if (!Number.isSafeInteger(pid) || pid === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    const mark = environ.split('\0').find((v) => v.startsWith(`${PARENT_PID_ENV}=`));
    if (!mark) continue;
    const parent = Number(mark.slice(PARENT_PID_ENV.length + 1));
    if (!Number.isSafeInteger(parent) || isAlive(parent)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // Gone meanwhile.
    }
  }
  return killed;
}

let setprivPath: string | null | undefined;
/** `setpriv` of util-linux when installed (it sets the parent-death signal, then execs the tool). */
export function setpriv(): string | null {
  setprivPath ??= ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null;
  return setprivPath;
}

/** At start: removes dead servers' temporary folders and kills the tools they left running; logs what it did. Never throws. */
export async function cleanUpAfterDeadServers(log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }): Promise<void> {
  try {
    const [folders, tools] = [await removeStaleRunDirs(), await reapOrphanedTools()];
    if (folders > 0 || tools > 0) log.info({ folders, tools }, 'cleaned up after a server that did not stop cleanly');
  } catch (error) {
    log.warn({ err: error }, 'cleaning up after dead servers failed');
  }
}
