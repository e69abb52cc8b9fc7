import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess, type ActivityAccess } from '../activities/activities.policy.js';
import { activityUpload } from '../uploads/uploads.policy.js';
import type { UploadRow } from '../uploads/uploads.repository.js';

/**
 * Questions on files (issue 18 §4, decision 0080): whoever may open the file in its activity
 * (`upload.in_activity`: member of the course, the activity open to them, the activity holding
 * the file) reads that file's questions and asks one; the course team (`isTeam`) also sees hidden
 * ones. Refusals: someone outside the course, or a file the activity does not hold, gets a 404
 * (UPLOAD_NOT_FOUND / ACTIVITY_NOT_FOUND, naming nothing: they learn no question exists); a
 * member keeps the activity's own 403s (not started, ended, unpublished, locked).
 */
export async function questionToAsk(deps: AppDeps, actor: Actor, activityId: number, uploadId: number): Promise<ActivityAccess & { upload: UploadRow }> {
  return hidingForbidden(activityUpload(deps, actor, activityId, uploadId));
}

/** A plain FORBIDDEN (not a member of the course) becomes a 404: the file's questions are not said to exist. */
async function hidingForbidden<T>(access: Promise<T>): Promise<T> {
  try {
    return await access;
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or you cannot open it');
    throw error;
  }
}

/** `question.read`: one file's questions (`uploadId`) or, without one, the activity's (its comment count). */
export async function questionsToRead(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  uploadId: number | undefined,
): Promise<ActivityAccess & { upload: UploadRow | null }> {
  if (uploadId !== undefined) return hidingForbidden(activityUpload(deps, actor, activityId, uploadId));
  return { ...(await activityAccess(deps, actor, activityId)), upload: null };
}
