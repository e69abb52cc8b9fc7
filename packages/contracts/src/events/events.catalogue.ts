import { z } from 'zod';
import { WARNING_RULE_NAMES } from '../warnings/warnings.schemas.js';

/**
 * The domain event catalogue (decision 0081): every event a service may emit, named for what
 * happened (`<thing>.<past participle>`), with the zod schema of its payload. Ids are database
 * ids (positive integers); instants are ISO 8601 strings. A later capability (exams, homework,
 * notifications, statistics) adds its events here the same way; handlers subscribe by name.
 * Payloads carry facts, not instructions: a handler decides what to do with them.
 */
const id = z.number().int().positive();

export const DomainEventSchemas = {
  /** A course was published (spec §3). */
  'course.published': z.object({ course_id: id, actor_id: id }),
  /** A course was taken back to unpublished. */
  'course.unpublished': z.object({ course_id: id, actor_id: id }),
  /** The course team asked to tell the students that the outline changed (`POST /api/outline/notify`): one entry per student with an address. */
  'course.outline_announced': z.object({
    course_id: id,
    actor_id: id,
    course_title: z.string(),
    recipients: z.array(z.object({ email: z.string(), name: z.string() })),
  }),
  /** A user joined a course in a role. */
  'enrolment.created': z.object({ course_id: id, user_id: id, role: z.string() }),
  /** A user left a course, or was removed from it. */
  'enrolment.removed': z.object({ course_id: id, user_id: id }),
  /** A learner's activity read record was created or changed (a visit, a page, play progress, a finished SCORM package): their completion may move. */
  'activity.read': z.object({ course_id: id, activity_id: id, user_id: id, upload_id: z.number().int().nonnegative().nullable() }),
  /** An activity's content, settings or publication changed. */
  'activity.changed': z.object({ course_id: id, activity_id: id }),
  /**
   * Who may see what in a course changed, besides enrolments and activities: a member's role
   * (`role`), a group or its members (`group`), a member's preview as a student or visitor
   * (`preview`), a module's publication or dates (`module`). `user_id` when one member's access alone changed.
   */
  'course.access_changed': z.object({ course_id: id, user_id: id.nullable(), cause: z.enum(['role', 'group', 'preview', 'module']) }),
  /** An upload finished processing and is ready to serve. */
  'upload.ready': z.object({ upload_id: id }),
  /** An upload's processing failed for good. */
  'upload.failed': z.object({ upload_id: id, reason: z.string() }),
  /**
   * Something the calendar shows was written (created, updated, split or deleted): an event, a
   * timetable series or a meeting. `course_id` when the item belongs to one course.
   */
  'calendar.changed': z.object({
    item: z.enum(['event', 'timetable', 'meeting']),
    action: z.enum(['created', 'updated', 'deleted']),
    item_id: id.nullable(),
    course_id: id.nullable(),
  }),
  /** An editor of a timetable asked to notify the course members of the change (`send_ntf`); `text` is the message. */
  'timetable.notice_requested': z.object({ course_id: id, course_name: z.string(), text: z.string() }),
  /** A user chose another time zone (or to follow the organisation's). */
  'user.time_zone_changed': z.object({ user_id: id, time_zone: z.string().nullable() }),
  /** An organisation's time zone changed. */
  'org.time_zone_changed': z.object({ org_id: id, time_zone: z.string() }),
  /** A user was invited to a course (one event per invitee). */
  'invite.sent': z.object({
    invite_id: id,
    course_id: id,
    course_title: z.string(),
    role: z.string(),
    inviter: z.object({ id, name: z.string() }),
    invitee: z.object({ id, name: z.string(), email: z.string() }),
  }),
  /** A management auth code was issued to a user (spec §6); `code` is the six digits sent to them. */
  'auth_code.issued': z.object({ user_id: id, name: z.string(), email: z.string(), code: z.string() }),
  /** A learner's SCORM runtime state of one package changed (a commit of its CMI). */
  'scorm.progressed': z.object({ course_id: id, activity_id: id, upload_id: id, user_id: id }),
  /** An LTI tool posted a fully graded score of a learner (AGS 2.0, decision 0153); `score` in points out of `max_score`. */
  'lti.score_posted': z.object({ course_id: id, activity_id: id, user_id: id, score: z.number(), max_score: z.number() }),
  /** A learner's exam attempt was submitted (`by`: the learner, or the server at the deadline); `score` in points, null while answers wait for the team. */
  'exam.attempt_submitted': z.object({
    course_id: id,
    activity_id: id,
    attempt_id: id,
    user_id: id,
    by: z.enum(['learner', 'deadline']),
    score: z.number().nullable(),
  }),
  /** The course team graded (or regraded) answers of an attempt; `score` in points, null while some still wait. */
  'exam.attempt_graded': z.object({ course_id: id, activity_id: id, attempt_id: id, user_id: id, grader_id: id, score: z.number().nullable() }),
  /** A learner answered a questionnaire (in an anonymous one, only that they did: what is not linked to them). */
  'questionnaire.submitted': z.object({ course_id: id, activity_id: id, user_id: id }),
  /** The course team published an exam's scores to its learners (`user_ids`: learners with a submitted attempt). */
  'exam.scores_published': z.object({ course_id: id, activity_id: id, actor_id: id, user_ids: z.array(id) }),
  /** A learner (in group homework, for the group: `user_ids` every member) handed in homework; `is_late` after the due date. */
  'homework.submitted': z.object({
    course_id: id,
    activity_id: id,
    submission_id: id,
    user_ids: z.array(id),
    is_late: z.boolean(),
  }),
  /** The course team scored a homework submission (0–100) for `user_ids` (the learner, or every member of the group). */
  'homework.graded': z.object({
    course_id: id,
    activity_id: id,
    submission_id: id,
    user_ids: z.array(id),
    grader_id: id,
    score: z.number(),
  }),
  /** The course team published one graded activity's scores in the gradebook (`user_ids`: learners with a score). */
  'scores.published': z.object({ course_id: id, activity_id: id, actor_id: id, user_ids: z.array(id) }),
  /** The course team took one activity's scores back from the learners. */
  'scores.unpublished': z.object({ course_id: id, activity_id: id, actor_id: id }),
  /**
   * A bulletin became visible (issue 17 §3): on creation when `publish_at` is now or past, else by the
   * scheduled job at `publish_at`. `course_id` for a course bulletin (its audience: the course's
   * members), null for an organisation's (its audience: the organisation's users).
   */
  'bulletin.published': z.object({
    bulletin_id: id,
    type: z.enum(['org', 'course']),
    org_id: id,
    course_id: id.nullable(),
    actor_id: id.nullable(),
    title: z.string(),
    show_on_popup: z.boolean(),
  }),
  /**
   * A user asked for an e-mail verification link (issue 17 §4, decision 0102): `url` is the signed,
   * expiring link; `purpose` 'verify' (spec §7 send_verification_email) or 'org_sign_up'.
   */
  'email_verification.requested': z.object({
    user_id: id,
    name: z.string(),
    email: z.string(),
    url: z.string(),
    purpose: z.enum(['verify', 'org_sign_up']),
  }),
  /** A 6-digit mobile binding code was issued (issue 17 §4); the default SMS channel writes it to the outbox. */
  'mobile_code.issued': z.object({ user_id: id, mobile_phone: z.string(), code: z.string() }),
  /** A user marked one bulletin (`bulletin_id`) or every bulletin of a list (null) read: the notices of what they have read are read too. */
  'bulletin.read': z.object({ user_id: id, bulletin_id: id.nullable() }),
  /**
   * A calendar meeting starts soon (issue 17 §1 meeting reminders): emitted once per occurrence (a
   * meeting moved to another start is another occurrence) by the `meeting-reminders` job, within its
   * lead time of `start` (ISO instant). `user_ids`: the host and the invited participants.
   * `course_id` when the meeting belongs to a course.
   */
  'meeting.starting': z.object({
    meeting_id: id,
    title: z.string(),
    start: z.iso.datetime({ offset: true }),
    course_id: id.nullable(),
    user_ids: z.array(id),
  }),
  /**
   * A topic was started (issue 18): in the course forum (`space` course; `activity_id` its forum
   * activity, null for the general category; `group_id` for a group topic), the teaching team's forum
   * (`team`), or a learner's question on a file (`question`, `upload_id` set). `mentioned_user_ids`:
   * course members @mentioned in it who may read it.
   */
  'topic.created': z.object({
    course_id: id,
    topic_id: id,
    space: z.enum(['course', 'team', 'question']),
    activity_id: id.nullable(),
    group_id: id.nullable(),
    upload_id: id.nullable(),
    author_id: id,
    title: z.string(),
    mentioned_user_ids: z.array(id),
  }),
  /**
   * A reply was posted to a topic (issue 18): `parent_id` the first-level reply it answers (null: the
   * topic itself); `topic_author_id` / `parent_author_id` whom it answers (null when imported or
   * deleted); `by_team` when its author is of the course team (an answer to a question).
   * `mentioned_user_ids`: course members @mentioned in it who may read the topic.
   */
  'topic.replied': z.object({
    course_id: id,
    topic_id: id,
    reply_id: id,
    parent_id: id.nullable(),
    space: z.enum(['course', 'team', 'question']),
    activity_id: id.nullable(),
    group_id: id.nullable(),
    author_id: id,
    by_team: z.boolean(),
    topic_author_id: id.nullable(),
    parent_author_id: id.nullable(),
    title: z.string(),
    mentioned_user_ids: z.array(id),
  }),
  /**
   * Posts were deleted (issue 18): a topic with its live replies, or a reply with the replies that
   * answer it. `author_ids`: the distinct authors of the deleted posts (imported posts have none), whose
   * participation grades change.
   */
  'forum.posts_deleted': z.object({
    course_id: id,
    topic_id: id,
    space: z.enum(['course', 'team', 'question']),
    activity_id: id.nullable(),
    author_ids: z.array(id),
  }),
  /** A learner answered a subject of a video quiz (their last answer counts); `score` in points, null while the team grades it. */
  'video_quiz.answered': z.object({ course_id: id, video_quiz_id: id, subject_id: id, user_id: id, score: z.number().nullable() }),
  /** The course team gave points to a learner's answer of a video quiz (an essay, a short answer without accepted answers, or an override); `score` in points. */
  'video_quiz.graded': z.object({ course_id: id, video_quiz_id: id, subject_id: id, user_id: id, score: z.number(), graded_by: id }),
  /** An org admin created, changed or deleted a vocabulary entry of their organisation (issue 19 §4); `name` as it is (deleted: as it was). */
  'entry.created': z.object({ entry_id: id, org_id: id, actor_id: id, name: z.string() }),
  'entry.updated': z.object({ entry_id: id, org_id: id, actor_id: id, name: z.string() }),
  'entry.deleted': z.object({ entry_id: id, org_id: id, actor_id: id, name: z.string() }),
  /**
   * A new file took a user's storage (`scope` user) or their organisation's (`scope` org) to at least 90 %
   * of its quota (issue 19 §1, §6): `user_id` the uploader, `used` and `quota` in bytes, `day` (YYYY-MM-DD,
   * UTC) so the notice comes once a day at most.
   */
  'storage.quota_near': z.object({ user_id: id, org_id: id, scope: z.enum(['user', 'org']), used: z.number().int(), quota: z.number().int(), day: z.string() }),
  /**
   * A library item was shared (issue 19 §2, §6): `share_id` the share, to the group `group_id`
   * (its members but the sharer) or the person `user_id`; `name` the item's name at that moment.
   */
  'resource.shared': z.object({
    share_id: id,
    org_id: id,
    actor_id: id,
    item_id: id,
    name: z.string(),
    group_id: id.nullable(),
    user_id: id.nullable(),
  }),
  /** An org admin applied for a change of their organisation's plan (issue 24 item 3): `request_id` the pending request. */
  'plan.requested': z.object({ request_id: id, org_id: id, actor_id: id }),
  /** A platform operator approved (the changes applied) or rejected an organisation's plan request; `requester_id` who asked (null: gone). */
  'plan.request_decided': z.object({ request_id: id, org_id: id, actor_id: id, requester_id: id.nullable(), decision: z.enum(['approved', 'rejected']) }),
  /**
   * The daily plan job (issue 24 item 3): an organisation's plan (`what` plan) or its storage (`what` storage) ends at
   * `ends_at` (ISO), `days` away (one of PLAN_EXPIRY_NOTICE_DAYS; 0 on the day it ends), told once per end and threshold.
   */
  'plan.expiring': z.object({
    org_id: id,
    what: z.enum(['plan', 'storage']),
    ends_at: z.string(),
    days: z.number().int().nonnegative(),
    plan_name: z.string(),
  }),
  /**
   * The daily early-warning job (issue 25 item 4) found students of a course flagged anew since its last run:
   * `alerts` each (student, rule) pair not flagged at the run before (a student still flagged for a rule is not
   * listed again; one who recovered and relapsed is), `user_ids` their distinct students (at least one).
   */
  'warning.students_flagged': z.object({
    course_id: id,
    user_ids: z.array(id).min(1),
    alerts: z.array(z.object({ user_id: id, rule: z.enum(WARNING_RULE_NAMES) })).min(1),
  }),
} as const;

/** The name of a catalogued event. */
export type DomainEventType = keyof typeof DomainEventSchemas;

/** The payload of event `T`, as its schema parses it. */
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DomainEventSchemas)[T]>;

/** One event as a service emits it: its type and a payload of that type. */
export type DomainEventInput = { [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> } }[DomainEventType];

/** Every catalogued event name. */
export const DOMAIN_EVENT_TYPES = Object.keys(DomainEventSchemas) as DomainEventType[];

/** Is `type` a catalogued event name? */
export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(DomainEventSchemas, type);
}
