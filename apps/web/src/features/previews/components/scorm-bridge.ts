import { Scorm12API, Scorm2004API } from 'scorm-again';
import type { Cmi, ScormVersion } from '@atrium/contracts';

type RuntimeApi = Scorm12API | Scorm2004API;

/** Methods the content origin's bridge page (server modules/scorm/scorm-shim.ts) may forward to the runtime. */
const FORWARDED: Record<ScormVersion, ReadonlySet<string>> = {
  '1.2': new Set(['LMSInitialize', 'LMSFinish', 'LMSSetValue', 'LMSCommit']),
  '2004': new Set(['Initialize', 'Terminate', 'SetValue', 'Commit']),
};

/** Read-only elements not in scorm-again's rendered CMI that SCOs read (`_children`, `_version`, total time). */
const PROBED: Record<ScormVersion, readonly string[]> = {
  '1.2': [
    'cmi._version',
    'cmi.core._children',
    'cmi.core.score._children',
    'cmi.core.total_time',
    'cmi.objectives._children',
    'cmi.student_data._children',
    'cmi.student_preference._children',
    'cmi.interactions._children',
  ],
  '2004': [
    'cmi._version',
    'cmi.total_time',
    'cmi.score._children',
    'cmi.objectives._children',
    'cmi.interactions._children',
    'cmi.learner_preference._children',
    'cmi.comments_from_learner._children',
    'cmi.comments_from_lms._children',
  ],
};

/**
 * The learner's CMI as the bridge page's local copy (element → string): scorm-again's flattened
 * CMI of `api` (loaded, not yet initialised) plus the read-only elements of `PROBED`, read from a
 * throwaway runtime loaded with the same `relaunch` CMI and initialised (scorm-again answers
 * GetValue only once initialised).
 */
export function bridgeStateOf(api: RuntimeApi, version: ScormVersion, relaunch: Cmi | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(api.getFlattenedCMI() as Record<string, unknown>)) if (typeof value === 'string') values[key] = value;
  const settings = { lmsCommitUrl: false as const, autocommit: false, logLevel: 5 as const };
  if (version === '1.2') {
    const probe = new Scorm12API(settings);
    if (relaunch) probe.loadFromJSON(relaunch, '');
    probe.LMSInitialize('');
    for (const key of PROBED['1.2']) values[key] = String(probe.LMSGetValue(key));
  } else {
    const probe = new Scorm2004API(settings);
    if (relaunch) probe.loadFromJSON(relaunch, '');
    probe.Initialize('');
    for (const key of PROBED['2004']) values[key] = String(probe.GetValue(key));
  }
  return values;
}

interface BridgeMessage {
  atriumScorm: 1;
  type: string;
  seq?: number;
  method?: string;
  args?: unknown;
}

function isBridgeMessage(data: unknown): data is BridgeMessage {
  return (
    typeof data === 'object' && data !== null && (data as { atriumScorm?: unknown }).atriumScorm === 1 && typeof (data as { type?: unknown }).type === 'string'
  );
}

/**
 * Connects the SCO frame's bridge page (on the package content origin, issue 20 §3) to the
 * scorm-again runtime `api` of this page by postMessage: answers its `hello` with the learner's
 * CMI (`bridgeStateOf`) and applies each forwarded Initialize/SetValue/Commit/Terminate (1.2:
 * LMSInitialize/LMSSetValue/LMSCommit/LMSFinish) to `api`, answering `{ type: 'result', seq,
 * result, error }`. Messages are taken only from the window `frameWindow()` returns (or, once it
 * said hello, that same window, so a Finish sent while the frame unloads still arrives). Returns
 * the function that disconnects; call it once the frame has finished or after it is gone.
 */
export function connectScormBridge(frameWindow: () => Window | null, api: RuntimeApi, version: ScormVersion, relaunch: Cmi | null): () => void {
  let source: MessageEventSource | null = null;
  const onMessage = (event: MessageEvent) => {
    if (!isBridgeMessage(event.data)) return;
    const expected = source ?? frameWindow();
    if (!expected || event.source !== expected) return;
    const reply = (message: Record<string, unknown>) => (event.source as Window).postMessage({ atriumScorm: 1, ...message }, event.origin);
    if (event.data.type === 'hello') {
      source = event.source;
      reply({ type: 'state', values: bridgeStateOf(api, version, relaunch) });
      return;
    }
    const { method, args, seq } = event.data;
    if (event.data.type !== 'call' || typeof method !== 'string' || !FORWARDED[version].has(method) || !Array.isArray(args)) return;
    const strings = args.map((arg) => String(arg));
    const target = api as unknown as Record<string, (...values: string[]) => string>;
    const result = target[method]!(...strings);
    const error = String(version === '1.2' ? (api as Scorm12API).LMSGetLastError() : (api as Scorm2004API).GetLastError());
    reply({ type: 'result', seq, method, result, error });
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
