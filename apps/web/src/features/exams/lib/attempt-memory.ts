/**
 * Which attempt this browser last had on an exam (localStorage `atrium.exam.<activityId>.attempt`),
 * so a reload finds it again: the server can resume an attempt in progress (`POST …/attempts`)
 * but has no call that lists a learner's attempts. A stale id is harmless: the server answers
 * 404 for an attempt that is not the requester's.
 */
const keyOf = (activityId: number) => `atrium.exam.${activityId}.attempt`;

/** The attempt id remembered for an exam, or null. */
export function rememberedAttempt(activityId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(keyOf(activityId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) the attempt of an exam. */
export function rememberAttempt(activityId: number, attemptId: number | null): void {
  try {
    if (attemptId === null) window.localStorage.removeItem(keyOf(activityId));
    else window.localStorage.setItem(keyOf(activityId), String(attemptId));
  } catch {
    // Private mode: the attempt is found again by starting (the server resumes it).
  }
}
