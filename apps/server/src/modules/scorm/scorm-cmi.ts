import type { ScormVersion } from '@atrium/contracts';

/** Largest CMI object stored, in characters of JSON (SCORM 2004 suspend_data is at most 64,000 characters). */
export const CMI_MAX_CHARS = 256 * 1024;

type Obj = Record<string, unknown>;

/** The CMI root: scorm-again commits `{ cmi: {...} }`; a bare `{ core: ... }` object is accepted too. */
export function cmiRoot(cmi: Obj): Obj {
  const inner = cmi.cmi;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Obj) : cmi;
}

/** A value at a dotted path of the CMI (`core.lesson_status`), or a flattened key (`cmi.core.lesson_status`). */
export function cmiValue(cmi: Obj, path: string): unknown {
  if (`cmi.${path}` in cmi) return cmi[`cmi.${path}`];
  let node: unknown = cmiRoot(cmi);
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Obj)[part];
  }
  return node;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * Seconds of a SCORM time span: 1.2 CMITimespan `HHHH:MM:SS.SS` (RTE 3.4.2.1)
 * or a 2004 ISO 8601 duration `P[nY][nM][nD][T[nH][nM][n.nS]]` (RTE 4.1.4,
 * months as 30 days, years as 365). Null when unreadable.
 */
export function parseTimespan(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const colon = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value.trim());
  if (colon) return Number(colon[1]) * 3600 + Number(colon[2]) * 60 + Number(colon[3]);
  const iso = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value.trim(),
  );
  if (!iso || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = iso.map((x) => (x === undefined ? 0 : Number(x)));
  return y! * 365 * 86400 + mo! * 30 * 86400 + d! * 86400 + h! * 3600 + mi! * 60 + s!;
}

/** Seconds as the version's time span: 1.2 `HHHH:MM:SS.SS`, 2004 `PT#H#M#S`. */
export function formatTimespan(seconds: number, version: ScormVersion): string {
  const total = Math.max(0, Math.round(seconds * 100) / 100);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round((total - h * 3600 - m * 60) * 100) / 100;
  if (version === '1.2') return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
  return `PT${h}H${m}M${s}S`;
}

/** The fields Atrium tracks, read from a committed CMI (RTE data model of each version). */
export function trackedFields(cmi: Obj, version: ScormVersion) {
  if (version === '1.2') {
    return {
      status: str(cmiValue(cmi, 'core.lesson_status')),
      score: num(cmiValue(cmi, 'core.score.raw')),
      location: str(cmiValue(cmi, 'core.lesson_location')),
      suspendData: str(cmiValue(cmi, 'suspend_data')),
      sessionSeconds: parseTimespan(cmiValue(cmi, 'core.session_time')),
    };
  }
  const scaled = num(cmiValue(cmi, 'score.scaled'));
  return {
    status: str(cmiValue(cmi, 'completion_status')),
    score: num(cmiValue(cmi, 'score.raw')) ?? (scaled === null ? null : scaled * 100),
    location: str(cmiValue(cmi, 'location')),
    suspendData: str(cmiValue(cmi, 'suspend_data')),
    sessionSeconds: parseTimespan(cmiValue(cmi, 'session_time')),
  };
}

/**
 * The CMI to hand back at launch: the stored object with `total_time` set to
 * `totalSeconds` and `session_time` removed (a new session starts at 0), in
 * scorm-again's `{ cmi: {...} }` shape.
 */
export function cmiForLaunch(stored: Obj, version: ScormVersion, totalSeconds: number): Obj {
  const root = structuredClone(cmiRoot(stored));
  const total = formatTimespan(totalSeconds, version);
  if (version === '1.2') {
    const core = (root.core && typeof root.core === 'object' ? root.core : (root.core = {})) as Obj;
    core.total_time = total;
    delete core.session_time;
    core.entry = 'resume';
  } else {
    root.total_time = total;
    delete root.session_time;
    root.entry = 'resume';
  }
  return { cmi: root };
}
