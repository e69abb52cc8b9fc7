import { execFile } from 'node:child_process';
import type { FailureCode, FailureParams } from '@atrium/contracts';
import { FailureError } from '../lib/failure.js';
import { PARENT_PID_ENV, setpriv } from '../lib/process-scope.js';
import { isOnPath } from '../modules/system/system-tools.js';

/**
 * A processing failure a user may be told about: its code and parameters become
 * the upload's `failure_code` / `failure_params`, its English message the
 * `failure_reason` (decision 0082).
 */
export class ProcessingError extends FailureError {
  constructor(code: FailureCode, message: string, params: FailureParams = {}) {
    super(code, message, params);
    this.name = 'ProcessingError';
  }
}

/**
 * Runs a system tool (ffmpeg, ffprobe, soffice, pdfinfo) found on `toolsPath`
 * and answers its stdout. Throws ProcessingError naming the tool when it is not
 * installed (ARCHITECTURE.md: a missing tool fails the upload, never the
 * server), when it runs longer than `timeoutSeconds`, or exits non-zero (with
 * the last line of its stderr).
 */
export async function runTool(
  command: string,
  args: readonly string[],
  options: { toolsPath: string; timeoutSeconds: number; cwd?: string; env?: Record<string, string> },
): Promise<string> {
  if (!(await isOnPath(command, options.toolsPath))) {
    throw new ProcessingError('TOOL_MISSING', `${command} is not installed on the server, so this file cannot be processed`, { tool: command });
  }
  // The tool dies with the server (parent-death signal) and carries the server's pid, so a start after a `kill -9` can reap what is left (lib/process-scope.ts).
  const guard = setpriv();
  const [file, argv] = guard ? [guard, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    execFile(
      file,
      argv,
      {
        cwd: options.cwd,
        timeout: options.timeoutSeconds * 1000,
        killSignal: 'SIGKILL',
        maxBuffer: 32 * 1024 * 1024,
        env: { ...process.env, PATH: options.toolsPath, ...options.env, [PARENT_PID_ENV]: String(process.pid) },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (error.killed)
          return reject(
            new ProcessingError('TOOL_TIMEOUT', `${command} did not finish within ${options.timeoutSeconds} s`, {
              tool: command,
              seconds: options.timeoutSeconds,
            }),
          );
        const last = stderr.trim().split('\n').at(-1) ?? '';
        const failure = Object.assign(new ProcessingError('TOOL_FAILED', `${command} failed: ${last || error.message}`, { tool: command }), { stderr });
        reject(failure);
      },
    );
  });
}
