import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess, guestActivity, type ActivityAccess } from '../activities/activities.policy.js';
import type { ActivityRow } from '../activities/activities.repository.js';
import { courseFor, type CourseAccess, type CourseAction } from '../courses/courses.policy.js';
import { entriesToList, entryToCreate, entryToManage, entryToRead } from '../entries/entries.policy.js';
import { libraryItemOf, libraryOf } from '../library/library.policy.js';
import type { LibraryItemRow } from '../library/library.repository.js';
import {
  groupToManage,
  groupToRead,
  shareToManage,
  shareToRead,
  teacherOf,
  type GroupGrant,
  type ShareGrant,
  type TeacherGrant,
} from '../resource-groups/resource-groups.policy.js';
import type { EntryRow } from '../entries/entries.repository.js';
import { bulletinScope, bulletinToCreate, bulletinToManage, bulletinToRead } from '../bulletins/bulletins.policy.js';
import type { BulletinRow, BulletinScope } from '../bulletins/bulletins.repository.js';
import {
  forumToPost,
  forumToRead,
  replyGrant,
  topicToEdit,
  topicToModerate,
  topicToRead,
  topicToReply,
  type ForumAccess,
  type ForumPlace,
  type ReplyGrant,
  type TopicGrant,
} from '../forum/forum.policy.js';
import { attemptToGrade, ownAttempt } from '../exams/exams.policy.js';
import type { AttemptRow } from '../exams/exams.repository.js';
import { submissionToGrade, submissionToRead } from '../homework/homework.policy.js';
import type { SubmissionRow } from '../homework/homework.repository.js';
import { ownNoteAccess } from '../notes/notes.policy.js';
import type { NoteRow } from '../notes/notes.repository.js';
import { activityUpload, guestUpload, uploadAccess, uploadContentAccess, type UploadAccessKind } from '../uploads/uploads.policy.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { uploadParentResolver } from '../uploads/upload-parents.js';
import { questionsToRead, questionToAsk } from '../forum/questions.policy.js';
import { planOfOrg, planToDecide, type PlanGrant } from '../orgs/plans.policy.js';
import { inclassAccess, type InclassGrant, type InclassRef } from '../inclass/inclass.policy.js';

/**
 * The one entry of the access model (issue 14 §1, decision 0080), in the style
 * of Outline's `server/policies` and Immich's `requireAccess`: a service asks
 * `authorize(deps, actor, action, resource)` and gets what it may use, or an
 * AppError (401/403/404 with the spec's codes) that names nothing it may not
 * see. Each resource kind has one policy in its module (`<domain>.policy.ts`):
 *
 *   course.*            courses.policy.ts     COURSE_ACTIONS by course role and org admin
 *   activity.open       activities.policy.ts  published activity + module, window, checkpoint
 *   upload.read         uploads.policy.ts     parent (course / personal) + every holding activity
 *   upload.read_content uploads.policy.ts     upload.read, and not an exam-only file
 *   upload.manage       uploads.policy.ts     course team or owner
 *   upload.read (activity given) / note.*     the activity open, and it holds the file
 *   note.own            notes.policy.ts       the author, while upload.in_activity holds
 *   guest.read          activities + uploads  visitors: guest preview on, all published, in window
 *   attempt.answer      exams.policy.ts       an exam attempt's own learner (404 to anyone else)
 *   attempt.grade       exams.policy.ts       the course team of the attempt's exam (404 to anyone else)
 *   submission.read     homework.policy.ts    a submission's learner or group, and the course team (404 to anyone else)
 *   submission.grade    homework.policy.ts    the course team of the submission's homework (404 to anyone else)
 *   bulletin.list       bulletins.policy.ts   the organisation's (its users) or courses' (their members) bulletins
 *   bulletin.create     bulletins.policy.ts   org admins (type org), the course team (type course)
 *   bulletin.read       bulletins.policy.ts   its audience; before its publish time its managers (404 to anyone else)
 *   bulletin.manage     bulletins.policy.ts   org admins / the course team (403 to its readers, 404 to anyone else)
 *   forum.read / post   forum.policy.ts       a forum activity open to the reader, the course forum (members), the team space (the team; 404 to others)
 *   topic.*             forum.policy.ts       a topic (or reply, `replyId`) the reader sees — group, team, question, hidden rules (404 otherwise);
 *                                             reply refused on a locked/closed topic to learners (409), edit its author or the team, moderate the team (403)
 *   question.read/ask   questions.policy.ts   a file's questions: whoever may open the file in its activity (upload.in_activity)
 *   entry.list / read   entries.policy.ts     the organisation's users, its vocabulary_entries toggle on (403 ENTRIES_DISABLED; another org's entry 404)
 *   entry.create/manage entries.policy.ts     the organisation's admins (403 to its other users), the toggle on
 *   library.read/write  library.policy.ts     the owner's own library (instructors, org admins; another's item 404)
 *   resource_group.*    resource-groups.policy.ts  teachers; a group its members (`manage`: owners, managers), else 404
 *   shared_resource.*   resource-groups.policy.ts  teachers; a share whom it reaches and its sharer (`share`: the sharer), else 404
 *   plan.read / apply   plans.policy.ts       the organisation's admins, their own organisation (another's request 404)
 *   plan.decide         plans.policy.ts       platform operators (wg admin), every organisation (403 to org admins)
 *   inclass.run / take  inclass.policy.ts     a session (or its roll call, poll): the course team runs it, the members take part
 *
 * Routes declare their action (`config: { action }`, modules/access/actions.ts).
 */
export interface AuthorizeMap {
  course: { resource: { courseId: number; includeDeleted?: boolean }; grant: CourseAccess };
  'activity.open': { resource: { activityId: number; courseId?: number; now?: Date }; grant: ActivityAccess };
  'upload.read': { resource: { uploadId: number }; grant: { row: UploadRow; access: UploadAccessKind } };
  'upload.read_content': { resource: { uploadId: number }; grant: { row: UploadRow; access: 'manage' | 'view' } };
  'upload.manage': { resource: { uploadId: number }; grant: { row: UploadRow; access: 'manage' } };
  'upload.in_activity': { resource: { activityId: number; uploadId: number; courseId?: number }; grant: ActivityAccess & { upload: UploadRow } };
  'note.own': { resource: { noteId: number }; grant: NoteRow };
  'guest.activity': { resource: { activityId: number }; grant: { activity: ActivityRow; orgId: number } };
  'guest.upload': { resource: { activityId: number; uploadId: number }; grant: { activity: ActivityRow; upload: UploadRow } };
  'attempt.answer': { resource: { attemptId: number }; grant: AttemptRow };
  'attempt.grade': { resource: { attemptId: number }; grant: { attempt: AttemptRow; activity: ActivityRow } };
  'submission.read': { resource: { submissionId: number }; grant: { submission: SubmissionRow; activity: ActivityRow; isTeam: boolean } };
  'submission.grade': { resource: { submissionId: number }; grant: { submission: SubmissionRow; activity: ActivityRow } };
  'bulletin.list': { resource: { type: 'org' | 'course'; courseId?: number | null }; grant: BulletinScope };
  'bulletin.create': { resource: { type: 'org' | 'course'; courseId?: number | null }; grant: { orgId: number; courseId: number | null } };
  'bulletin.read': { resource: { bulletinId: number; now?: Date }; grant: { bulletin: BulletinRow; canManage: boolean } };
  'bulletin.manage': { resource: { bulletinId: number }; grant: BulletinRow };
  'forum.read': { resource: ForumPlace; grant: ForumAccess };
  'forum.post': { resource: ForumPlace & { groupId?: number | null }; grant: ForumAccess };
  'topic.read': { resource: TopicRef; grant: TopicGrant & Partial<ReplyGrant> };
  'topic.reply': { resource: { topicId: number }; grant: TopicGrant };
  'topic.edit': { resource: TopicRef; grant: TopicGrant & Partial<ReplyGrant> };
  'topic.moderate': { resource: TopicRef; grant: TopicGrant & Partial<ReplyGrant> };
  'topic.react': { resource: TopicRef; grant: TopicGrant & Partial<ReplyGrant> };
  'question.read': { resource: { activityId: number; uploadId?: number }; grant: ActivityAccess & { upload: UploadRow | null } };
  'question.ask': { resource: { activityId: number; uploadId: number }; grant: ActivityAccess & { upload: UploadRow } };
  'entry.list': { resource: Record<string, never>; grant: { orgId: number } };
  'entry.read': { resource: { entryId: number }; grant: EntryRow };
  'entry.create': { resource: Record<string, never>; grant: { orgId: number } };
  'entry.manage': { resource: { entryId: number }; grant: EntryRow };
  'library.read': { resource: { itemId?: number }; grant: { ownerId: number; orgId: number; item?: LibraryItemRow } };
  'library.write': { resource: { itemId?: number }; grant: { ownerId: number; orgId: number; item?: LibraryItemRow } };
  'resource_group.read': { resource: { groupId?: number }; grant: TeacherGrant & Partial<GroupGrant> };
  'resource_group.manage': { resource: { groupId?: number }; grant: TeacherGrant & Partial<GroupGrant> };
  'shared_resource.read': { resource: { shareId?: number }; grant: TeacherGrant & Partial<ShareGrant> };
  'shared_resource.share': { resource: { shareId?: number }; grant: TeacherGrant & Partial<ShareGrant> };
  'plan.read': { resource: Record<string, never>; grant: PlanGrant };
  'plan.apply': { resource: { requestId?: number }; grant: PlanGrant };
  'plan.decide': { resource: { requestId?: number }; grant: PlanGrant };
  'inclass.run': { resource: InclassRef; grant: InclassGrant };
  'inclass.take': { resource: InclassRef; grant: InclassGrant };
}

/** A topic, or a reply (whose topic's rules apply, and the reply's own hidden rule). */
type TopicRef = { topicId: number } | { replyId: number };

type CourseActionName = `course.${CourseAction}`;
type Named = Exclude<keyof AuthorizeMap, 'course'>;

/** Guests have no actor: `guest.*` actions take `null`. */
type ActorFor<A> = A extends `guest.${string}` ? null : Actor;

export async function authorize<A extends CourseActionName>(
  deps: AppDeps,
  actor: Actor,
  action: A,
  resource: AuthorizeMap['course']['resource'],
): Promise<CourseAccess>;
export async function authorize<A extends Named>(
  deps: AppDeps,
  actor: ActorFor<A>,
  action: A,
  resource: AuthorizeMap[A]['resource'],
): Promise<AuthorizeMap[A]['grant']>;
/**
 * Throws COURSE_NOT_FOUND / ACTIVITY_NOT_FOUND / UPLOAD_NOT_FOUND (404),
 * FORBIDDEN and the access-forbidden codes (403), as each policy documents.
 */
export async function authorize(deps: AppDeps, actor: Actor | null, action: CourseActionName | Named, resource: Record<string, unknown>): Promise<unknown> {
  const r = resource as Record<string, number | undefined> & { includeDeleted?: boolean; now?: Date };
  if (action.startsWith('course.')) {
    return courseFor(deps, actor!, r.courseId!, action.slice('course.'.length) as CourseAction, { includeDeleted: r.includeDeleted });
  }
  switch (action as Named) {
    case 'activity.open':
      return activityAccess(deps, actor!, r.activityId!, r.courseId, r.now);
    case 'upload.read':
      return uploadAccess(deps, actor!, r.uploadId!);
    case 'upload.read_content':
      return uploadContentAccess(deps, actor!, r.uploadId!);
    case 'upload.manage':
      return uploadManageAccess(deps, actor!, r.uploadId!);
    case 'upload.in_activity':
      return activityUpload(deps, actor!, r.activityId!, r.uploadId!, r.courseId);
    case 'note.own':
      return ownNoteAccess(deps, actor!, r.noteId!);
    case 'guest.activity':
      return guestActivity(deps, r.activityId!);
    case 'guest.upload':
      return guestUpload(deps, r.activityId!, r.uploadId!);
    case 'attempt.answer':
      return ownAttempt(deps, actor!, r.attemptId!);
    case 'attempt.grade':
      return attemptToGrade(deps, actor!, r.attemptId!);
    case 'submission.read':
      return submissionToRead(deps, actor!, r.submissionId!);
    case 'submission.grade':
      return submissionToGrade(deps, actor!, r.submissionId!);
    case 'bulletin.list':
      return bulletinScope(deps, actor!, resource as AuthorizeMap['bulletin.list']['resource']);
    case 'bulletin.create':
      return bulletinToCreate(deps, actor!, resource as AuthorizeMap['bulletin.create']['resource']);
    case 'bulletin.read':
      return bulletinToRead(deps, actor!, r.bulletinId!, r.now);
    case 'bulletin.manage':
      return bulletinToManage(deps, actor!, r.bulletinId!);
    case 'forum.read':
      return forumToRead(deps, actor!, resource as ForumPlace);
    case 'forum.post':
      return forumToPost(deps, actor!, resource as AuthorizeMap['forum.post']['resource']);
    case 'topic.reply':
      return topicToReply(deps, actor!, r.topicId!);
    case 'topic.read':
    case 'topic.react':
      return r.replyId !== undefined ? replyGrant(deps, actor!, r.replyId, 'read') : topicToRead(deps, actor!, r.topicId!);
    case 'topic.edit':
      return r.replyId !== undefined ? replyGrant(deps, actor!, r.replyId, 'edit') : topicToEdit(deps, actor!, r.topicId!);
    case 'topic.moderate':
      return r.replyId !== undefined ? replyGrant(deps, actor!, r.replyId, 'moderate') : topicToModerate(deps, actor!, r.topicId!);
    case 'question.read':
      return questionsToRead(deps, actor!, r.activityId!, r.uploadId);
    case 'question.ask':
      return questionToAsk(deps, actor!, r.activityId!, r.uploadId!);
    case 'entry.list':
      return entriesToList(deps, actor!);
    case 'entry.read':
      return entryToRead(deps, actor!, r.entryId!);
    case 'entry.create':
      return entryToCreate(deps, actor!);
    case 'entry.manage':
      return entryToManage(deps, actor!, r.entryId!);
    case 'library.read':
    case 'library.write':
      return r.itemId === undefined ? libraryOf(actor!) : libraryItemOf(deps, actor!, r.itemId as number);
    case 'resource_group.read':
      return r.groupId === undefined ? teacherOf(actor!) : groupToRead(deps, actor!, r.groupId);
    case 'resource_group.manage':
      return r.groupId === undefined ? teacherOf(actor!) : groupToManage(deps, actor!, r.groupId);
    case 'shared_resource.read':
      return r.shareId === undefined ? teacherOf(actor!) : shareToRead(deps, actor!, r.shareId);
    case 'shared_resource.share':
      return r.shareId === undefined ? teacherOf(actor!) : shareToManage(deps, actor!, r.shareId);
    case 'plan.read':
      return planOfOrg(deps, actor!, undefined, 'Only organisation administrators see the organisation’s plan');
    case 'plan.apply':
      return planOfOrg(deps, actor!, r.requestId, 'Only organisation administrators apply for plan changes');
    case 'plan.decide':
      return planToDecide(deps, actor!, r.requestId);
    case 'inclass.run':
    case 'inclass.take':
      return inclassAccess(deps, actor!, resource as InclassRef, action === 'inclass.run' ? 'run' : 'take');
  }
}

/** `upload.manage`: the course team of a course file, or the owner of a file (they may delete or retry their own upload) unless another module holds it (upload-parents.ts). FORBIDDEN otherwise. */
async function uploadManageAccess(deps: AppDeps, actor: Actor, uploadId: number): Promise<{ row: UploadRow; access: 'manage' }> {
  const { row, access } = await uploadAccess(deps, actor, uploadId);
  // Owning a file another module holds (a handed-in submission's) does not let its owner change it: its parent decides.
  const ownerMay = row.ownerId === actor.id && !uploadParentResolver(row.parentType);
  if (access !== 'manage' && !ownerMay) throw new AppError('FORBIDDEN', 'Only the course team can change this file');
  return { row, access: 'manage' };
}
