import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination.schemas.js';
import { TopicSchema } from './forum.schemas.js';

/**
 * Questions on files (issue 18 §4; spec §2 the previewer's question panel, §7
 * `GET /api/activities/{id}/comment/count`). A question is a topic of space `question` on a file
 * (`upload_id`) in the activity that holds it (`activity_id`), anchored at a page (documents) or a
 * second (media); its answers are the topic's replies (`POST /api/topics/{id}/replies`, read with
 * `GET /api/topics/{id}`).
 *
 *   POST /api/uploads/{uploadId}/questions   QuestionBody (forum.schemas.ts)  → Question (201)
 *   GET  /api/uploads/{uploadId}/questions?activity_id=&anchor_page=&page=&page_size= → QuestionPage
 */

/** One question in the panel's list: a Topic, and whether the course team has answered it. */
export const QuestionSchema = TopicSchema.extend({
  /** A member of the course team replied (a reply not hidden nor deleted). */
  answered: z.boolean(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionPageSchema = z.object({
  items: z.array(QuestionSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type QuestionPage = z.infer<typeof QuestionPageSchema>;

/** `GET /api/uploads/{uploadId}/questions`: the file's questions in activity `activity_id`, newest first; `anchor_page` only those of that page. */
export const QuestionListQuerySchema = PageQuerySchema.extend({
  activity_id: z.coerce.number().int().positive(),
  anchor_page: z.coerce.number().int().min(1).optional(),
});
export type QuestionListQuery = z.infer<typeof QuestionListQuerySchema>;

/**
 * The `conditions` of `GET /api/activities/{id}/comment/count` as spec §7 reads the question count:
 * `{ referrer_id, referrer_type: 'upload_reference', type: 'question' }`. `referrer_id` is the file
 * (its upload id: the reference of the upload in the activity, which the previewer knows).
 */
export const CommentCountConditionsSchema = z.object({
  referrer_id: z.coerce.number().int().positive(),
  referrer_type: z.literal('upload_reference'),
  type: z.literal('question'),
});
export type CommentCountConditions = z.infer<typeof CommentCountConditionsSchema>;
