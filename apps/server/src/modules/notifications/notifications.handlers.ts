import { excerptOf } from '../../lib/html-text.js';
import { NOTIFICATION_TYPES, type NotificationKind, type NotificationType } from '@atrium/contracts';
import { defineHandler, type DomainEvent } from '../events/events.service.js';
import type { EventContext } from '../events/events.service.js';
import {
  activityFacts,
  audienceOfCourseMembers,
  audienceOfCourseTeam,
  audienceOfEither,
  audienceOfForumSubscribers,
  audienceOfOrg,
  audienceOfOrgAdmins,
  audienceOfPlatformOperators,
  audienceOfResourceGroup,
  audienceOfStudents,
  audienceOfTopicSubscribers,
  audienceOfUsers,
  bulletinFacts,
  courseFacts,
  orgFacts,
  isAnnouncedToStudents,
  markBulletinNoticesRead,
  notifyChannel,
  readersOf,
  topicFacts,
  type TopicAnnouncement,
} from './notifications.repository.js';
import { makeNotifications, type NoticeDraft } from './notifications.service.js';

type Notified =
  | 'invite.sent'
  | 'course.published'
  | 'enrolment.created'
  | 'activity.changed'
  | 'homework.graded'
  | 'scores.published'
  | 'exam.scores_published'
  | 'bulletin.published'
  | 'bulletin.read'
  | 'meeting.starting'
  | 'resource.shared'
  | 'storage.quota_near'
  | 'topic.created'
  | 'topic.replied'
  | 'warning.students_flagged'
  | 'plan.requested'
  | 'plan.request_decided'
  | 'plan.expiring';

/** The kind and type of the notice of an activity becoming visible to learners. */
export function activityNotice(activityType: string): { kind: NotificationKind; type: NotificationType } {
  if (activityType === 'homework') return { kind: 'homework.assigned', type: 'homework' };
  if (activityType === 'exam') return { kind: 'exam.opened', type: 'exam' };
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(activityType) ? (activityType as NotificationType) : 'other';
  return { kind: 'activity.published', type };
}

/**
 * The notice of a topic or reply (issue 18 §5) but its kind: the topic's title, the start of the
 * text, and what its destination needs (notificationDestination 'topic': the reply, the group, the
 * space, and for a question its activity, file and anchor).
 */
export function topicNotice(
  topic: NonNullable<Awaited<ReturnType<typeof topicFacts>>>,
  topicId: number,
  replyId: number | null,
  authorId: number,
  dedupeKey: string,
): Omit<NoticeDraft, 'kind'> {
  const text = excerptOf(topic.content ?? '', 140);
  return {
    payload: {
      course_name: topic.courseName,
      title: topic.title,
      ...(text ? { text } : {}),
      space: topic.space as 'course' | 'team' | 'question',
      ...(replyId !== null ? { reply_id: replyId } : {}),
      ...(topic.groupId !== null ? { group_id: topic.groupId } : {}),
      ...(topic.uploadId !== null ? { upload_id: topic.uploadId } : {}),
      ...(topic.anchorPage !== null ? { anchor_page: topic.anchorPage } : {}),
      ...(topic.anchorSecond !== null ? { anchor_second: topic.anchorSecond } : {}),
    },
    senderId: authorId,
    courseId: topic.courseId,
    activityId: topic.activityId,
    topicId,
    dedupeKey,
  };
}

/** Makes the notices of one event (see `notificationsHandler`). */
export async function notify(event: DomainEvent<Notified>, { deps, db }: EventContext): Promise<void> {
  const byEvent = `event:${event.id}`;
  switch (event.type) {
    case 'invite.sent': {
      const p = event.payload;
      // The invitation e-mail itself is written by outbox.emails: the notice is not e-mailed again.
      await makeNotifications(deps, db, audienceOfUsers([p.invitee.id]), {
        kind: 'course.invited',
        payload: { course_name: p.course_title, title: p.course_title, text: p.role },
        senderId: p.inviter.id,
        courseId: p.course_id,
        dedupeKey: byEvent,
        isEmailedElsewhere: true,
      });
      return;
    }
    case 'course.published': {
      const p = event.payload;
      const course = await courseFacts(db, p.course_id);
      if (!course?.isLive) return;
      await makeNotifications(deps, db, audienceOfStudents(p.course_id), {
        kind: 'course.published',
        payload: { course_name: course.name, title: course.name },
        senderId: p.actor_id,
        courseId: p.course_id,
        dedupeKey: byEvent,
      });
      return;
    }
    case 'enrolment.created': {
      const p = event.payload;
      const course = await courseFacts(db, p.course_id);
      if (!course) return;
      if (p.role === 'instructor' && course.createdById === p.user_id) return; // the creator of the course, joining it by creating it
      await makeNotifications(deps, db, audienceOfUsers([p.user_id]), {
        kind: 'enrolment.created',
        payload: { course_name: course.name, title: course.name, text: p.role },
        courseId: p.course_id,
        dedupeKey: byEvent,
      });
      return;
    }
    case 'activity.changed': {
      const p = event.payload;
      const activity = await activityFacts(db, p.activity_id);
      if (!activity?.isVisible) return;
      const key = `activity.published:${p.activity_id}`;
      // Once per activity, to the students of that moment: not again on every later change, nor to students who joined since.
      if (await isAnnouncedToStudents(db, activity.courseId, key)) return;
      const { kind, type } = activityNotice(activity.type);
      const due = activity.type === 'homework' && activity.dueDate ? new Date(activity.dueDate) : null;
      await makeNotifications(deps, db, audienceOfStudents(activity.courseId), {
        kind,
        type,
        payload: { course_name: activity.courseName, title: activity.title, ...(due && !Number.isNaN(due.getTime()) ? { at: due.toISOString() } : {}) },
        courseId: activity.courseId,
        activityId: p.activity_id,
        dedupeKey: key,
      });
      return;
    }
    case 'homework.graded': {
      const p = event.payload;
      const activity = await activityFacts(db, p.activity_id);
      if (!activity) return;
      // No score in the notice: learners see it once the scores are published (gradebook).
      await makeNotifications(deps, db, audienceOfUsers(p.user_ids), {
        kind: 'homework.graded',
        payload: { course_name: activity.courseName, title: activity.title },
        senderId: p.grader_id,
        courseId: p.course_id,
        activityId: p.activity_id,
        dedupeKey: byEvent,
      });
      return;
    }
    case 'scores.published':
    case 'exam.scores_published': {
      const p = event.payload;
      if (p.user_ids.length === 0) return;
      const activity = await activityFacts(db, p.activity_id);
      if (!activity) return;
      await makeNotifications(deps, db, audienceOfUsers(p.user_ids), {
        kind: 'scores.published',
        payload: { course_name: activity.courseName, title: activity.title },
        senderId: p.actor_id,
        courseId: p.course_id,
        activityId: p.activity_id,
        dedupeKey: byEvent,
      });
      return;
    }
    case 'bulletin.published': {
      const p = event.payload;
      const bulletin = await bulletinFacts(db, p.bulletin_id);
      const course = p.course_id ? await courseFacts(db, p.course_id) : undefined;
      const audience = p.type === 'course' && p.course_id ? audienceOfCourseMembers(p.course_id, p.actor_id) : audienceOfOrg(p.org_id, p.actor_id);
      const text = bulletin ? excerptOf(bulletin.content, 140) : '';
      await makeNotifications(deps, db, audience, {
        kind: 'bulletin.published',
        payload: {
          title: bulletin?.title ?? p.title,
          bulletin_type: p.type,
          ...(text ? { text } : {}),
          ...(course ? { course_name: course.name } : {}),
        },
        senderId: p.actor_id,
        courseId: p.course_id,
        bulletinId: p.bulletin_id,
        dedupeKey: `bulletin:${p.bulletin_id}`,
      });
      return;
    }
    case 'meeting.starting': {
      // Type `other` (/user/index): spec §2 has no notification type of its own for meetings.
      const p = event.payload;
      if (p.user_ids.length === 0) return;
      const course = p.course_id ? await courseFacts(db, p.course_id) : undefined;
      await makeNotifications(deps, db, audienceOfUsers(p.user_ids), {
        kind: 'meeting.starting',
        payload: { title: p.title, at: p.start, ...(course ? { course_name: course.name } : {}) },
        courseId: p.course_id,
        dedupeKey: `meeting.starting:${p.meeting_id}:${p.start}`,
      });
      return;
    }
    case 'resource.shared': {
      // Issue 19 §2, §6 (decision 0134): the person shared to, or the group's members but the sharer; opens /vtrs/{share}.
      const p = event.payload;
      await makeNotifications(deps, db, p.group_id !== null ? audienceOfResourceGroup(p.group_id, p.actor_id) : audienceOfUsers([p.user_id!]), {
        kind: 'resource.shared',
        payload: { title: p.name },
        senderId: p.actor_id,
        resourceId: p.share_id,
        dedupeKey: `resource.shared:${p.share_id}`,
      });
      return;
    }
    case 'storage.quota_near': {
      // Issue 19 §1, §6 (decision 0132): the uploader, once a day at most per scope.
      const p = event.payload;
      await makeNotifications(deps, db, audienceOfUsers([p.user_id]), {
        kind: 'storage.quota_near',
        payload: { text: p.scope, score: Math.min(100, Math.round((p.used / p.quota) * 100)) },
        dedupeKey: `storage.quota_near:${p.scope}:${p.day}`,
      });
      return;
    }
    case 'plan.requested': {
      // Issue 24 item 3: every platform operator, to decide it at /wg-admin/request.
      const p = event.payload;
      const org = await orgFacts(db, p.org_id);
      await makeNotifications(deps, db, audienceOfPlatformOperators(p.actor_id), {
        kind: 'plan.requested',
        payload: { title: org?.name ?? '' },
        senderId: p.actor_id,
        dedupeKey: `plan.requested:${p.request_id}`,
      });
      return;
    }
    case 'plan.request_decided': {
      // The org admin who asked; opens /management/plan.
      const p = event.payload;
      if (p.requester_id === null) return;
      const org = await orgFacts(db, p.org_id);
      await makeNotifications(deps, db, audienceOfUsers([p.requester_id]), {
        kind: p.decision === 'approved' ? 'plan.request_approved' : 'plan.request_rejected',
        payload: { title: org?.name ?? '' },
        senderId: p.actor_id,
        dedupeKey: `plan.request_decided:${p.request_id}`,
      });
      return;
    }
    case 'plan.expiring': {
      // The organisation's admins, once per end and threshold (the job remembers what it told); locked until renewed.
      const p = event.payload;
      await makeNotifications(deps, db, audienceOfOrgAdmins(p.org_id), {
        kind: p.what === 'plan' ? 'plan.expiring' : 'storage.expiring',
        payload: { title: p.plan_name, at: p.ends_at, count: p.days },
        dedupeKey: `plan.expiring:${p.what}:${p.ends_at}:${p.days}`,
      });
      return;
    }
    case 'topic.created': {
      // One notice per person (dedupe key per topic): a mention, else the new topic in a forum they subscribe to.
      const p = event.payload;
      const topic = await topicFacts(db, p.topic_id, null);
      if (!topic) return;
      const notice = topicNotice(topic, p.topic_id, null, p.author_id, `topic:${p.topic_id}`);
      await makeNotifications(deps, db, readersOf(audienceOfUsers(p.mentioned_user_ids), topic, p.author_id), { ...notice, kind: 'topic.mentioned' });
      if (topic.space === 'course') {
        await makeNotifications(deps, db, readersOf(audienceOfForumSubscribers(topic.courseId, topic.activityId), topic, p.author_id), {
          ...notice,
          kind: 'topic.created',
        });
      }
      return;
    }
    case 'topic.replied': {
      const p = event.payload;
      // Live replies (issue 18 §1): every instance sends `event: topic` to its connected readers of the topic at commit.
      const live: TopicAnnouncement = { topic_id: p.topic_id, reply_id: p.reply_id, course_id: p.course_id, space: p.space, group_id: p.group_id };
      await notifyChannel(db, JSON.stringify({ topic: live }));
      const topic = await topicFacts(db, p.topic_id, p.reply_id);
      if (!topic || topic.content === null) return; // the topic or the reply is gone or hidden
      // One notice per person (dedupe key per reply, kinds in order of precedence): a mention; the team's
      // answer to my question; a reply to my topic or to my reply, or in a topic I subscribe to.
      const notice = topicNotice(topic, p.topic_id, p.reply_id, p.author_id, `reply:${p.reply_id}`);
      await makeNotifications(deps, db, readersOf(audienceOfUsers(p.mentioned_user_ids), topic, p.author_id), { ...notice, kind: 'topic.mentioned' });
      if (topic.space === 'question' && p.by_team && p.topic_author_id !== null) {
        await makeNotifications(deps, db, readersOf(audienceOfUsers([p.topic_author_id]), topic, p.author_id), { ...notice, kind: 'question.answered' });
      }
      const answered = [p.topic_author_id, p.parent_author_id].filter((id): id is number => id !== null);
      const audience = audienceOfEither(audienceOfUsers(answered), audienceOfTopicSubscribers(p.topic_id));
      await makeNotifications(deps, db, readersOf(audience, topic, p.author_id), { ...notice, kind: 'topic.replied' });
      return;
    }
    case 'warning.students_flagged': {
      // Issue 25 item 4: one notice per run and course (the event) to its team, counting the students flagged anew.
      const p = event.payload;
      const course = await courseFacts(db, p.course_id);
      if (!course) return;
      await makeNotifications(deps, db, audienceOfCourseTeam(p.course_id), {
        kind: 'warning.students_flagged',
        payload: { course_name: course.name, title: course.name, count: p.user_ids.length },
        courseId: p.course_id,
        dedupeKey: byEvent,
      });
      return;
    }
    case 'bulletin.read': {
      // Reading a bulletin reads its notice; the user's streams get their new unread count.
      const p = event.payload;
      const changed = await markBulletinNoticesRead(db, p.user_id, p.bulletin_id, event.createdAt);
      if (changed > 0) await notifyChannel(db, JSON.stringify({ read: [p.user_id] }));
      return;
    }
  }
}

/**
 * Notifications of the domain events (issue 17 §1, decision 0100), made in the handler's
 * transaction (so with its handling record: once), set-based (one INSERT … SELECT per event
 * whatever the audience), each idempotent through its dedupe key, honouring each user's in-app
 * preference per kind:
 * - `invite.sent` → the invitee (`course.invited`);
 * - `course.published` → the course's students;
 * - `enrolment.created` → that user (not the creator of a course joining it by creating it);
 * - `activity.changed` → the course's students, once per activity, when it is visible to them
 *   (published, in a published module of a published course): homework → `homework.assigned`,
 *   exam → `exam.opened`, any other → `activity.published` (type: the activity type when spec §2
 *   lists it, else `other`);
 * - `homework.graded` → its learners; `scores.published`, `exam.scores_published` → the learners
 *   (`scores.published`, type `score_publish`);
 * - `bulletin.published` → an organisation bulletin's organisation or a course bulletin's members,
 *   the author excepted; `bulletin.read` marks the reader's notices of what they read as read;
 * - `meeting.starting` → the meeting's host and participants (`meeting.starting`, type `other`),
 *   once per occurrence (key: meeting id and start).
 * - `topic.created` (issue 18 §5) → the @mentioned readers (`topic.mentioned`), else the
 *   subscribers of its forum (a forum activity's, or the general category's; `topic.created`);
 * - `topic.replied` → the @mentioned readers (`topic.mentioned`), else a question's author when the
 *   team answered (`question.answered`), else the topic's author, the answered reply's author and
 *   the topic's subscribers (`topic.replied`): one notice per person (one dedupe key per reply, kinds
 *   in that order), never the writer, only people who may read the topic (group topics their group
 *   and the team, the team space the team, hidden topics the team and the author); and the live
 *   `event: topic` to the readers' streams.
 * - `resource.shared` (issue 19 §2) → the person shared to, or the group's members but the sharer (`resource.shared`, type `resource_share`, opens `/vtrs/{id}`).
 * - `storage.quota_near` (issue 19 §1) → the uploader (`storage.quota_near`, type `other`), once a day per scope.
 * - `warning.students_flagged` (issue 25 item 4) → the course's instructors and assistants, one notice per event
 *   (`warning.students_flagged`, type `warning_alert`, opens `/course/{id}/warning`) counting the students flagged anew.
 * - `plan.requested` (issue 24 item 3) → the platform operators (`plan.requested`, type `plan_request`, opens `/wg-admin/request`);
 *   `plan.request_decided` → the requester (`plan.request_approved` / `plan.request_rejected`, type `plan_expiry`, opens
 *   `/management/plan`); `plan.expiring` → the organisation's admins (`plan.expiring` / `storage.expiring`), once per end and threshold.
 * The resource issue adds its events here and its kinds to NOTIFICATION_KINDS.
 */
export const notificationsHandler = defineHandler({
  name: 'notifications.make',
  types: [
    'invite.sent',
    'course.published',
    'enrolment.created',
    'activity.changed',
    'homework.graded',
    'scores.published',
    'exam.scores_published',
    'bulletin.published',
    'bulletin.read',
    'meeting.starting',
    'resource.shared',
    'storage.quota_near',
    'topic.created',
    'topic.replied',
    'warning.students_flagged',
    'plan.requested',
    'plan.request_decided',
    'plan.expiring',
  ],
  async handle(event, context) {
    await notify(event, context);
  },
});
