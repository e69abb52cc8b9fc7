import {
  CommentCountConditionsSchema,
  type CommentCount,
  type Question,
  type QuestionBody,
  type QuestionListQuery,
  type QuestionPage,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { countQuestions, courseMembersAmong, findQuestion, insertQuestion, listQuestionsPage, type QuestionRow } from './questions.repository.js';

/**
 * Questions on files (issue 18 §4; spec §2 the previewer's question panel, §7 comment/count): a
 * learner who may open a file in an activity asks a question anchored at a page (documents) or a
 * second (media); the course team answers with the forum's replies. Decision 0100 has the
 * notifications (`question.answered`).
 */

const EXCERPT_MAX = 140;

/** Plain text of sanitised HTML (tags dropped, entities decoded, spaces collapsed). */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A question as its reader sees it (TopicSchema + `answered`). */
export function presentQuestion(row: QuestionRow): Question {
  const text = plainTextOf(row.content);
  return {
    id: row.id,
    course_id: row.courseId,
    space: 'question',
    activity_id: row.activityId,
    group_id: null,
    group_name: null,
    upload_id: row.uploadId,
    anchor_page: row.anchorPage,
    anchor_second: row.anchorSecond,
    title: row.title,
    excerpt: text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text,
    author: { id: row.authorId, name: row.authorName ?? '', avatar_url: null, is_team: row.isAuthorTeam },
    is_pinned: row.isPinned,
    is_locked: row.isLocked,
    is_closed: row.isClosed,
    is_hidden: row.isHidden,
    reply_count: row.replyCount,
    like_count: row.likeCount,
    liked: row.liked,
    subscribed: row.subscribed,
    unread: row.unread,
    answered: row.answered,
    last_activity_at: row.lastActivityAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}

const MEDIA_TYPES = ['video', 'audio'];

/**
 * Where a question may be anchored on `upload` (400 naming the field otherwise): a page of a
 * document (from 1, at most its page count when known), a second of a video or audio (at most its
 * duration when known), not both.
 */
export function anchorErrors(upload: UploadRow, anchorPage: number | null, anchorSecond: number | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (anchorPage !== null) {
    const pages = upload.meta.numPages;
    if (upload.type !== 'document') errors.anchor_page = ['Only a document has pages'];
    else if (pages !== undefined && anchorPage > pages) errors.anchor_page = [`The page must be between 1 and ${pages}`];
  }
  if (anchorSecond !== null) {
    const duration = upload.meta.duration;
    if (!MEDIA_TYPES.includes(upload.type)) errors.anchor_second = ['Only a video or an audio file has seconds'];
    else if (duration !== undefined && anchorSecond > duration + 1) errors.anchor_second = ['The second is beyond the end of the file'];
  }
  if (anchorPage !== null && anchorSecond !== null && !errors.anchor_second)
    errors.anchor_second = ['A question is anchored at a page or at a second, not both'];
  return errors;
}

/** The ids of `@mentions` in sanitised HTML (`<span class="mention" data-user-id="12">`). */
export function mentionedIdsOf(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(/data-user-id="(\d+)"/g)) {
    const id = Number(match[1]);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids].slice(0, 50);
}

/**
 * `POST /api/uploads/{uploadId}/questions` (issue 18 §4): a question on the file in activity
 * `activity_id` by whoever may open it there (404 UPLOAD_NOT_FOUND / ACTIVITY_NOT_FOUND, or the
 * activity's 403, otherwise). Title as plain text, content sanitised; a bad anchor is a 400 naming
 * `anchor_page` / `anchor_second`. Emits `topic.created` (space `question`) in the same
 * transaction; the author is subscribed to it.
 */
export async function askQuestion(deps: AppDeps, actor: Actor, uploadId: number, body: QuestionBody): Promise<Question> {
  const { upload, courseId } = await authorize(deps, actor, 'question.ask', { activityId: body.activity_id, uploadId });
  const anchorPage = body.anchor_page ?? null;
  const anchorSecond = body.anchor_second ?? null;
  const errors = anchorErrors(upload, anchorPage, anchorSecond);
  const title = plainTextOf(body.title).slice(0, 200);
  if (!title) errors.title = ['Write a title'];
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', `${fields[0]}: ${errors[fields[0]!]![0]}`, errors);
  const content = sanitizeRichText(body.content).trim();
  const mentioned = (await courseMembersAmong(deps.db, courseId, mentionedIdsOf(content))).filter((id) => id !== actor.id);
  const id = await transaction(deps, async (tx) => {
    const topicId = await insertQuestion(tx, {
      courseId,
      activityId: body.activity_id,
      uploadId,
      anchorPage,
      anchorSecond,
      title,
      content,
      searchText: `${title} ${plainTextOf(content)}`.trim(),
      authorId: actor.id,
    });
    await emit(deps, tx, {
      type: 'topic.created',
      payload: {
        course_id: courseId,
        topic_id: topicId,
        space: 'question',
        activity_id: body.activity_id,
        group_id: null,
        upload_id: uploadId,
        author_id: actor.id,
        title,
        mentioned_user_ids: mentioned,
      },
    });
    return topicId;
  });
  return presentQuestion((await findQuestion(deps.db, id, actor.id))!);
}

/**
 * `GET /api/uploads/{uploadId}/questions?activity_id=&anchor_page=` (issue 18 §4): the file's
 * questions in the activity, newest first (one page), `anchor_page` only that page's; hidden ones
 * for the team and their author only.
 */
export async function listQuestions(deps: AppDeps, actor: Actor, uploadId: number, query: QuestionListQuery): Promise<QuestionPage> {
  const { isTeam } = await authorize(deps, actor, 'question.read', { activityId: query.activity_id, uploadId });
  const scope = { activityId: query.activity_id, uploadId, anchorPage: query.anchor_page, viewerId: actor.id, isTeam, withOwnHidden: true };
  const { rows, total } = await listQuestionsPage(deps.db, scope, query.page_size, offsetOf(query.page, query.page_size));
  return toPage(rows.map(presentQuestion), total, query.page, query.page_size);
}

/**
 * `GET /api/activities/{id}/comment/count?conditions=` (spec §7): with conditions
 * `{referrer_id, referrer_type: 'upload_reference', type: 'question'}` the questions on that file
 * (`referrer_id`: its upload id) in the activity; without conditions every question of the
 * activity. Only what the reader may see: hidden questions count for the team only. Conditions
 * that are not JSON of that shape are a 400 naming `conditions`; a file the activity does not hold
 * is a 404 as for the questions themselves.
 */
export async function questionCount(deps: AppDeps, actor: Actor, activityId: number, conditions: string | undefined): Promise<CommentCount> {
  let uploadId: number | undefined;
  if (conditions !== undefined && conditions.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(conditions);
    } catch {
      throw AppError.field('conditions', 'conditions must be JSON: {referrer_id, referrer_type: "upload_reference", type: "question"}');
    }
    const result = CommentCountConditionsSchema.safeParse(parsed);
    if (!result.success) throw AppError.field('conditions', 'conditions must be {referrer_id, referrer_type: "upload_reference", type: "question"}');
    uploadId = result.data.referrer_id;
  }
  const { isTeam } = await authorize(deps, actor, 'question.read', { activityId, ...(uploadId !== undefined ? { uploadId } : {}) });
  return { count: await countQuestions(deps.db, { activityId, uploadId: uploadId ?? null, viewerId: actor.id, isTeam, withOwnHidden: false }) };
}
