import { STAT_EVENT_MAX_AGE_MS, STAT_STREAM_PATHS, type StatEvent, type StatStream } from '@atrium/contracts';
import { ingest, postAsServer, type Reporter } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';
import { findCourseOrgId } from '../courses/courses.repository.js';
import { defineHandler, type DomainEvent } from '../events/events.service.js';

/** The domain events the statistics server records (issue 25 item 1: "reads, plays, submissions, scores"). */
const FORWARDED = [
  'activity.read',
  'scorm.progressed',
  'exam.attempt_submitted',
  'exam.attempt_graded',
  'questionnaire.submitted',
  'homework.submitted',
  'homework.graded',
  'scores.published',
  'video_quiz.answered',
  'topic.created',
  'topic.replied',
] as const;
type Forwarded = (typeof FORWARDED)[number];

/** One statistics record of a domain event: its stream, who did it and what it is called there. */
interface StatRecord {
  stream: StatStream;
  userId: number;
  action: string;
  courseId: number;
  activityId: number | null;
  data: { [key: string]: unknown } | null;
}

/**
 * What a domain event is in the statistics: the learner's doing (`learning_activity`) or the team's
 * (`teaching_action`), one record per person it concerns (group homework: every member).
 */
export function statRecordsOf(event: DomainEvent<Forwarded>): StatRecord[] {
  const p = event.payload;
  const learning = (userId: number, action: string, activityId: number | null, data: StatRecord['data'] = null): StatRecord => ({
    stream: 'learning_activity',
    userId,
    action,
    courseId: p.course_id,
    activityId,
    data,
  });
  switch (event.type) {
    case 'activity.read':
      return [learning(event.payload.user_id, 'activity.read', event.payload.activity_id, { upload_id: event.payload.upload_id })];
    case 'scorm.progressed':
      return [learning(event.payload.user_id, 'scorm.progressed', event.payload.activity_id, { upload_id: event.payload.upload_id })];
    case 'exam.attempt_submitted': {
      const { user_id, activity_id, attempt_id, score, by } = event.payload;
      return [learning(user_id, 'exam.submitted', activity_id, { attempt_id, score, by })];
    }
    case 'exam.attempt_graded': {
      const { grader_id, activity_id, attempt_id, user_id, score } = event.payload;
      return [
        {
          stream: 'teaching_action',
          userId: grader_id,
          action: 'exam.graded',
          courseId: p.course_id,
          activityId: activity_id,
          data: { attempt_id, learner_id: user_id, score },
        },
      ];
    }
    case 'questionnaire.submitted':
      return [learning(event.payload.user_id, 'questionnaire.submitted', event.payload.activity_id)];
    case 'homework.submitted': {
      const { user_ids, activity_id, submission_id, is_late } = event.payload;
      return user_ids.map((userId) => learning(userId, 'homework.submitted', activity_id, { submission_id, is_late }));
    }
    case 'homework.graded': {
      const { grader_id, activity_id, submission_id, user_ids, score } = event.payload;
      return [
        {
          stream: 'teaching_action',
          userId: grader_id,
          action: 'homework.graded',
          courseId: p.course_id,
          activityId: activity_id,
          data: { submission_id, learner_ids: user_ids, score, max_score: 100 },
        },
      ];
    }
    case 'scores.published': {
      const { actor_id, activity_id, user_ids } = event.payload;
      return [
        {
          stream: 'teaching_action',
          userId: actor_id,
          action: 'scores.published',
          courseId: p.course_id,
          activityId: activity_id,
          data: { learners: user_ids.length },
        },
      ];
    }
    case 'video_quiz.answered': {
      const { user_id, video_quiz_id, subject_id, score } = event.payload;
      return [learning(user_id, 'video_quiz.answered', null, { video_quiz_id, subject_id, score })];
    }
    case 'topic.created': {
      const { author_id, topic_id, space, activity_id, group_id } = event.payload;
      return [learning(author_id, space === 'question' ? 'forum.question_asked' : 'forum.topic_created', activity_id, { topic_id, space, group_id })];
    }
    case 'topic.replied': {
      const { author_id, topic_id, reply_id, space, activity_id, by_team } = event.payload;
      const data = { topic_id, reply_id, space };
      return [
        by_team
          ? { stream: 'teaching_action', userId: author_id, action: 'forum.answered', courseId: p.course_id, activityId: activity_id, data }
          : learning(author_id, 'forum.replied', activity_id, data),
      ];
    }
  }
}

/** How long forwarding one event to a separate statistics server may take before the handling fails (and is retried), ms. */
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * Sends one event to the statistics server run apart (`statsUrl`), under a short-lived reporter token of source
 * `server` signed with the shared secret. Throws on a network error, a timeout or a non-2xx answer: the
 * handling fails and the outbox tries it again (the event id dedupes a copy that did arrive).
 */
async function forwardApart(statsUrl: string, secret: string, stream: StatStream, reporter: Reporter, event: StatEvent): Promise<void> {
  await postAsServer(statsUrl, secret, reporter, STAT_STREAM_PATHS[stream], { events: [event] }, FORWARD_TIMEOUT_MS);
}

/**
 * Forwards the main server's domain events to the statistics server (issue 25 item 1: "the main server's domain
 * events forwarded to it as well"): source `server`, event id `domain-{outbox id}` (`-{user}` when one event
 * concerns several), `ts` the emission instant — a handling repeated after a crash stores nothing twice. Events
 * older than the statistics' 30 days (a backlog replayed) are left out.
 * - Embedded: stored in the handler's transaction.
 * - Apart (STATS_URL): posted there with a reporter token of source `server` (STATS_SECRET); a failed post fails
 *   the handling, which the outbox retries. Without a shared secret nothing is forwarded (it could not be trusted).
 */
export const statsForwardHandler = defineHandler({
  name: 'stats.forward',
  types: FORWARDED,
  async handle(event, { deps, db }) {
    const { statsUrl, statsSecret } = deps.config;
    if (statsUrl && !statsSecret) return;
    const ts = event.createdAt.getTime();
    if (ts < Date.now() - STAT_EVENT_MAX_AGE_MS) return;
    const records = statRecordsOf(event);
    if (records.length === 0) return;
    const orgId = (await findCourseOrgId(db, records[0]!.courseId)) ?? null;
    for (const record of records) {
      const statEvent: StatEvent = {
        id: records.length > 1 ? `domain-${event.id}-${record.userId}` : `domain-${event.id}`,
        action: record.action,
        ts,
        course_id: record.courseId,
        activity_id: record.activityId,
        data: record.data,
      };
      const reporter = { userId: record.userId, orgId };
      if (statsUrl && statsSecret) {
        await forwardApart(statsUrl, statsSecret, record.stream, reporter, statEvent);
        continue;
      }
      await ingest(
        // The instance's database stands for the handler's transactions in the partitions known to exist.
        { db, cacheKey: deps.database, now: () => Date.now(), invalid: (field, message) => AppError.field(field, message) },
        record.stream,
        'server',
        reporter,
        [statEvent],
      );
    }
  },
});
