import type { CompletionPopup } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { findState, upsertState } from './progress.repository.js';

/**
 * `PUT /api/courses/{id}/study-completeness/completion-popup`: the learner closed
 * the 100 % completion popup, so it is not shown to them again on any device
 * (spec §4 "shown once"; decision 0070). Stores `completion_popup_seen_at` once;
 * a repeated call keeps the first time. Anyone who may view the course has their
 * own state. Throws COURSE_NOT_FOUND (404), FORBIDDEN (403) and
 * COMPLETION_NOT_REACHED (409) while the stored study completeness is below 100.
 */
export async function acknowledgeCompletionPopup(deps: AppDeps, actor: Actor, courseId: number, now = new Date()): Promise<CompletionPopup> {
  await courseFor(deps, actor, courseId, 'view');
  const state = await findState(deps.db, courseId, actor.id);
  if ((state?.studyCompleteness ?? 0) < 100)
    throw new AppError('COMPLETION_NOT_REACHED', 'The course is not completed yet, so there is no completion popup to acknowledge');
  const seenAt = state!.completionPopupSeenAt ?? now;
  if (!state!.completionPopupSeenAt) await upsertState(deps.db, courseId, actor.id, { completionPopupSeenAt: seenAt });
  return { completion_popup_seen: true, completion_popup_seen_at: seenAt.toISOString() };
}
