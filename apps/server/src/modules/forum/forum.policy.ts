import type { CourseRole } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { loadCourseStudy } from '../activities/course-study.js';
import { kindsOf, may } from '../courses/courses.policy.js';
import type { UploadParentResolver } from '../uploads/upload-parents.js';
import { activityUpload } from '../uploads/uploads.policy.js';
import {
  findReplyView,
  findTopicView,
  groupOfCourse,
  loadForumContext,
  type ContextKey,
  type ForumActivityInfo,
  type ForumContextRow,
  type ReplyViewRow,
  type TopicViewRow,
} from './forum.repository.js';

/**
 * The forum policy (issue 18, decision 0110 on 0080's model). The course team is COURSE_ACTIONS'
 * `manage_content` (instructors, assistants, org admins) not previewing as a student.
 *
 *   course space   the course's members (`view`); a forum activity's topics only while the activity
 *                  is open to the learner (the activity.open rules; the team always); a group topic
 *                  only to that group's members and the team
 *   team space     the team only (FORUM_NOT_FOUND / TOPIC_NOT_FOUND to anyone else)
 *   question space whoever may open the file in its activity (upload.in_activity) and the team
 *   hidden         a hidden topic or reply: the team and its author only
 *   locked/closed  learners may not reply (TOPIC_LOCKED, 409); the team may
 *
 * A topic or reply the reader may not see answers TOPIC_NOT_FOUND / REPLY_NOT_FOUND, naming nothing;
 * one they see but may not change (edit, moderate) answers FORBIDDEN.
 */

/** Where a list or a new topic is: a forum activity, a course's general category (course-wide), or its team space. */
export type ForumPlace = { activityId: number } | { courseId: number; space: 'course' | 'team' };

/** One reader in one course's forum. */
export interface ForumAccess {
  ctx: ForumContextRow;
  courseId: number;
  /** The course team, not previewing as a student. */
  isTeam: boolean;
  /** The reader's groups in the course. */
  groupIds: number[];
  /** The course's forum activities the reader may open (the team: every one). */
  openForums: ForumActivityInfo[];
  /** For a place that is a forum activity: that activity. */
  activity?: ForumActivityInfo;
}

const forumMissing = () => new AppError('FORUM_NOT_FOUND', 'This forum does not exist or you cannot see it');
const topicMissing = () => new AppError('TOPIC_NOT_FOUND', 'This topic does not exist or was deleted');
const replyMissing = () => new AppError('REPLY_NOT_FOUND', 'This reply does not exist or was deleted');

/** Whether a forum activity is open to a learner in a free-order course at `now` (the activity.open rule without checkpoints). */
function openAt(f: ForumActivityInfo, now: number): boolean {
  return f.published && (f.start === null || f.start <= now) && (f.end === null || f.end >= now);
}

/** Why a published forum is closed to a learner: ACTIVITY_NOT_STARTED / ACTIVITY_ENDED (with start_time/end_time), else ACTIVITY_LOCKED (checkpoint). */
function closedForum(f: ForumActivityInfo, now: Date): AppError {
  const times = { start_time: f.start === null ? null : new Date(f.start).toISOString(), end_time: f.end === null ? null : new Date(f.end).toISOString() };
  if (f.start !== null && f.start > now.getTime()) return new AppError('ACTIVITY_NOT_STARTED', 'This activity has not started yet', undefined, times);
  if (f.end !== null && f.end < now.getTime()) return new AppError('ACTIVITY_ENDED', 'This activity has ended', undefined, times);
  return new AppError('ACTIVITY_LOCKED', 'Finish the previous activities first', undefined, times);
}

/**
 * The reader's forum access in a course (one statement; a learner of a checkpoint course reads the
 * course study too). Throws `missing()` when the course is missing or deleted, FORBIDDEN (or
 * `missing()` when `hide`) to another organisation's user or a non-member.
 */
async function accessIn(deps: AppDeps, actor: Actor, key: ContextKey, missing: () => AppError, hide: boolean, now = new Date()): Promise<ForumAccess> {
  const ctx = await loadForumContext(deps.db, actor.id, key);
  return accessOf(deps, actor, ctx, missing, hide, now);
}

async function accessOf(
  deps: AppDeps,
  actor: Actor,
  ctx: ForumContextRow | undefined,
  missing: () => AppError,
  hide: boolean,
  now = new Date(),
): Promise<ForumAccess> {
  if (!ctx || ctx.deletedAt) throw missing();
  const kinds = kindsOf(actor, { orgId: ctx.orgId }, ctx.roles as CourseRole[]);
  if (ctx.orgId !== actor.orgId || !may(kinds, 'view')) {
    if (hide) throw missing();
    throw new AppError('FORBIDDEN', ctx.orgId !== actor.orgId ? 'This course belongs to another organisation' : 'You are not a member of this course');
  }
  const isTeam = may(kinds, 'manage_content') && ctx.previewAs == null;
  let openForums = ctx.forums;
  if (!isTeam) {
    if (ctx.learningMode === 'checkpoint') {
      const study = await loadCourseStudy(deps.db, ctx.courseId, actor.id, { mode: 'checkpoint', bypass: false, now });
      openForums = ctx.forums.filter((f) => study.byId.get(f.id)?.access === 'open');
    } else openForums = ctx.forums.filter((f) => openAt(f, now.getTime()));
  }
  return { ctx, courseId: ctx.courseId, isTeam, groupIds: ctx.groupIds.map(Number), openForums };
}

/**
 * `forum.read`: a forum place the actor may read. A forum activity: FORUM_NOT_FOUND unless it is a
 * live, published forum activity of a course the actor is a member of; a learner outside its window
 * (or locked by a checkpoint) meets ACTIVITY_NOT_STARTED / ACTIVITY_ENDED / ACTIVITY_LOCKED (403,
 * with start_time/end_time) as activity.open answers; the team is never refused. The
 * course-wide forum: COURSE_NOT_FOUND / FORBIDDEN as course.view. The team space: the team only
 * (FORUM_NOT_FOUND to anyone else).
 */
export async function forumToRead(deps: AppDeps, actor: Actor, place: ForumPlace, now = new Date()): Promise<ForumAccess> {
  if ('activityId' in place) {
    const access = await accessIn(deps, actor, { activityId: place.activityId }, forumMissing, true, now);
    const activity = access.openForums.find((f) => f.id === place.activityId);
    if (!activity) {
      // A published forum a learner cannot open yet (or any more) answers the access-forbidden popup's codes (spec §2); anything else names nothing.
      const known = access.ctx.forums.find((f) => f.id === place.activityId);
      if (known?.published) throw closedForum(known, now);
      throw forumMissing();
    }
    return { ...access, activity };
  }
  const courseMissing = () => new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  const access = await accessIn(deps, actor, { courseId: place.courseId }, place.space === 'team' ? forumMissing : courseMissing, place.space === 'team', now);
  if (place.space === 'team' && !access.isTeam) throw forumMissing();
  return access;
}

/**
 * `forum.post`: forum.read, and for a group topic (`groupId`) a group of the course the author is in
 * (the team: any group of the course); 400 naming `group_id` otherwise (the team space has no groups).
 */
export async function forumToPost(deps: AppDeps, actor: Actor, place: ForumPlace & { groupId?: number | null }, now = new Date()): Promise<ForumAccess> {
  const access = await forumToRead(deps, actor, place, now);
  if (place.groupId) {
    if ('space' in place && place.space === 'team') throw AppError.field('group_id', 'The teaching team’s forum has no group topics');
    const group = await groupOfCourse(deps.db, access.courseId, place.groupId, actor.id);
    if (!group || (!group.member && !access.isTeam)) throw AppError.field('group_id', 'This is not a group of yours in this course');
  }
  return access;
}

/** One topic as the actor may use it. */
export interface TopicGrant {
  topic: TopicViewRow;
  access: ForumAccess;
  isTeam: boolean;
  canReply: boolean;
  canEdit: boolean;
  canModerate: boolean;
}

/**
 * `topic.read`: a live topic the actor may see (the rules above), with what they may do. Two
 * statements in one round (the topic and the context); a question asks upload.in_activity too.
 * TOPIC_NOT_FOUND to anyone who may not see it.
 */
export async function topicToRead(deps: AppDeps, actor: Actor, topicId: number, now = new Date()): Promise<TopicGrant> {
  const [topic, ctx] = await Promise.all([findTopicView(deps.db, topicId, actor.id), loadForumContext(deps.db, actor.id, { topicId })]);
  if (!topic || topic.deletedAt) throw topicMissing();
  const access = await accessOf(deps, actor, ctx, topicMissing, true, now);
  const isTeam = access.isTeam;
  if (!isTeam) {
    if (topic.space === 'team') throw topicMissing();
    if (topic.space === 'course' && topic.activityId !== null && !access.openForums.some((f) => f.id === topic.activityId)) throw topicMissing();
    if (topic.groupId !== null && !access.groupIds.includes(topic.groupId)) throw topicMissing();
    if (topic.isHidden && topic.authorId !== actor.id) throw topicMissing();
    if (topic.space === 'question') {
      if (topic.activityId === null || topic.uploadId === null) throw topicMissing();
      try {
        // `upload.in_activity` (authorize.ts dispatches to the same policy; called directly so the two modules do not import each other).
        await activityUpload(deps, actor, topic.activityId, topic.uploadId, topic.courseId);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) throw topicMissing();
        throw error;
      }
    }
  }
  return {
    topic,
    access,
    isTeam,
    canReply: isTeam || (!topic.isLocked && !topic.isClosed),
    canEdit: isTeam || (topic.authorId !== null && topic.authorId === actor.id),
    canModerate: isTeam,
  };
}

/** `topic.reply`: topic.read, and the topic neither locked nor closed unless the actor is of the team (TOPIC_LOCKED, 409). */
export async function topicToReply(deps: AppDeps, actor: Actor, topicId: number): Promise<TopicGrant> {
  const grant = await topicToRead(deps, actor, topicId);
  if (!grant.canReply)
    throw new AppError('TOPIC_LOCKED', grant.topic.isClosed ? 'This topic is closed' : 'This topic is locked: only the course team may reply');
  return grant;
}

/** `topic.edit` (a topic): its author or the team; FORBIDDEN to its other readers. */
export async function topicToEdit(deps: AppDeps, actor: Actor, topicId: number): Promise<TopicGrant> {
  const grant = await topicToRead(deps, actor, topicId);
  if (!grant.canEdit) throw new AppError('FORBIDDEN', 'Only its author or the course team may change this topic');
  return grant;
}

/** `topic.moderate`: the course team; FORBIDDEN to the topic's other readers. */
export async function topicToModerate(deps: AppDeps, actor: Actor, topicId: number): Promise<TopicGrant> {
  const grant = await topicToRead(deps, actor, topicId);
  if (!grant.canModerate) throw new AppError('FORBIDDEN', 'Only the course team moderates the forum');
  return grant;
}

/** One reply as the actor may use it. */
export interface ReplyGrant extends TopicGrant {
  reply: ReplyViewRow;
  canEditReply: boolean;
}

/**
 * A live reply the actor may see: its topic by topic.read, and a hidden reply only to the team and
 * its author (REPLY_NOT_FOUND otherwise). `need`: `edit` (its author or the team), `moderate` (the
 * team), FORBIDDEN otherwise.
 */
export async function replyGrant(deps: AppDeps, actor: Actor, replyId: number, need: 'read' | 'edit' | 'moderate'): Promise<ReplyGrant> {
  const reply = await findReplyView(deps.db, replyId, actor.id);
  if (!reply || reply.deletedAt) throw replyMissing();
  let grant: TopicGrant;
  try {
    grant = await topicToRead(deps, actor, reply.topicId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOPIC_NOT_FOUND') throw replyMissing();
    throw error;
  }
  if (reply.isHidden && !grant.isTeam && reply.authorId !== actor.id) throw replyMissing();
  const canEditReply = grant.isTeam || (reply.authorId !== null && reply.authorId === actor.id);
  if (need === 'edit' && !canEditReply) throw new AppError('FORBIDDEN', 'Only its author or the course team may change this reply');
  if (need === 'moderate' && !grant.isTeam) throw new AppError('FORBIDDEN', 'Only the course team moderates the forum');
  return { ...grant, reply, canEditReply };
}

/** The upload parent `forum_topic`: a topic's attachments are read by its readers and managed by its author and the team. */
export const topicUploadParent: UploadParentResolver = async (deps, actor, row) => {
  if (row.parentId === null) return 'missing';
  try {
    const grant = await topicToRead(deps, actor, row.parentId);
    return grant.canEdit ? 'manage' : 'view';
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return 'missing';
    throw error;
  }
};

/** The upload parent `forum_reply`: a reply's attachments, by the reply's rules. */
export const replyUploadParent: UploadParentResolver = async (deps, actor, row) => {
  if (row.parentId === null) return 'missing';
  try {
    const grant = await replyGrant(deps, actor, row.parentId, 'read');
    return grant.canEditReply ? 'manage' : 'view';
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return 'missing';
    throw error;
  }
};
