import dayjs from 'dayjs';
import { MULTI_SELECT_LARGE_LIST_THRESHOLD, TIME_FORMAT, type StudyCompleteness } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';

/** First message of `errors.published` of a failed publish call (spec §8), else the server message, else null. */
export function publishFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.errors.published?.[0] ?? error.serverMessage;
}

/** Spec §2 access-forbidden popup: its title key and the time shown (YYYY-MM-DD HH:mm, spec §9), from the completeness answer. */
export function accessForbiddenView(
  c: Pick<StudyCompleteness, 'forbidden_reason' | 'start_time' | 'end_time'>,
): { titleKey: string; time: string | null } | null {
  const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.accessForbidden) : null);
  switch (c.forbidden_reason) {
    case 'not_started':
      return { titleKey: 'forbidden.notStarted', time: format(c.start_time) };
    case 'ended':
      return { titleKey: 'forbidden.ended', time: format(c.end_time) };
    case 'unpublished':
      return { titleKey: 'forbidden.unpublished', time: null };
    default:
      return null;
  }
}

/** True when the completion popup should open: completeness reached 100 and the learner has not acknowledged it (server-side `completion_popup_seen`, spec §4, §9). */
export function shouldShowCompletion(completeness: number, alreadySeen: boolean): boolean {
  return completeness >= 100 && !alreadySeen;
}

/** Which invite-confirm failure message applies (spec §4, §8): 404 → invite cancelled, anything else → course deleted. */
export function inviteFailureKey(error: unknown): 'invite.cancelled' | 'invite.courseDeleted' {
  return error instanceof ApiError && error.status === 404 ? 'invite.cancelled' : 'invite.courseDeleted';
}

/** Spec §9: a multi-select with this many options or more switches to the large-list widget. */
export function isLargeList(optionCount: number): boolean {
  return optionCount >= MULTI_SELECT_LARGE_LIST_THRESHOLD;
}
