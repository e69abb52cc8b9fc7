import type { Cmi, ScormVersion } from '@atrium/contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored CMI made ready for a relaunch: write-only session time dropped and
 * `entry` set to `resume` when the learner left suspend data or a location
 * (SCORM 1.2 `cmi.core.entry`, 2004 `cmi.entry`), else `ab-initio`. Null stays null.
 */
export function cmiForRelaunch(version: ScormVersion, stored: Cmi | null): Cmi | null {
  if (!stored) return null;
  // The server answers scorm-again's `{ cmi: {...} }` shape; a bare CMI object is taken as is.
  const cmi: Record<string, unknown> = structuredClone(cmiOfRendered(stored));
  if (version === '1.2') {
    const core: Record<string, unknown> = isRecord(cmi.core) ? { ...cmi.core } : {};
    delete core.session_time;
    const isResuming = Boolean(cmi.suspend_data) || Boolean(core.lesson_location);
    core.entry = isResuming ? 'resume' : '';
    cmi.core = core;
    return cmi;
  }
  delete cmi.session_time;
  cmi.entry = Boolean(cmi.suspend_data) || Boolean(cmi.location) ? 'resume' : 'ab-initio';
  return cmi;
}

/** The CMI object out of scorm-again's `renderCMIToJSONObject()` answer (`{ cmi: {...} }`). */
export function cmiOfRendered(rendered: unknown): Cmi {
  if (isRecord(rendered) && isRecord(rendered.cmi)) return rendered.cmi;
  return isRecord(rendered) ? rendered : {};
}

/** The status the package reported: `core.lesson_status` (1.2) or `completion_status`/`success_status` (2004). */
export function reportedStatusOf(version: ScormVersion, cmi: Cmi): string | null {
  if (version === '1.2') {
    const core = isRecord(cmi.core) ? cmi.core : {};
    return typeof core.lesson_status === 'string' && core.lesson_status !== '' ? core.lesson_status : null;
  }
  const success = typeof cmi.success_status === 'string' && cmi.success_status !== 'unknown' ? cmi.success_status : null;
  const completion = typeof cmi.completion_status === 'string' && cmi.completion_status !== 'unknown' ? cmi.completion_status : null;
  return success ?? completion;
}
