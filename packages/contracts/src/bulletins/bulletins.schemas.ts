import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../constants.js';

/**
 * Bulletins (issue 17 §3; spec §2 `/bulletin-list/?type=org|course`, popups "unread organisation
 * bulletin", §7 organisation bulletins fetched with unread and show_on_popup conditions, page size
 * 100). Organisation bulletins are written by org admins, course bulletins by the course team.
 * `content` is HTML (sanitised on the server). A bulletin is shown from `publish_at` (now when
 * absent); pinned ones first, then newest. Instants ISO 8601.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const BULLETIN_TYPES = ['org', 'course'] as const;
export const BulletinTypeSchema = z.enum(BULLETIN_TYPES);
export type BulletinType = (typeof BULLETIN_TYPES)[number];

/** Page size of the unread organisation bulletin popup (spec §7, §9). */
export const BULLETIN_POPUP_PAGE_SIZE = 100;
export const BULLETIN_TITLE_MAX = 200;

/** `POST /api/bulletins` (and `PUT /api/bulletins/{id}` with the same fields). */
export const BulletinBodySchema = z
  .object({
    type: BulletinTypeSchema,
    /** Required for `type: course`; refused for `type: org`. */
    course_id: id.nullish(),
    title: z.string().trim().min(1).max(BULLETIN_TITLE_MAX),
    content: z.string().max(1_000_000),
    show_on_popup: z.boolean().default(false),
    is_pinned: z.boolean().default(false),
    /** When it becomes visible (and its notifications are sent); now when absent or past. */
    publish_at: isoTime.nullish(),
    /** Uploads of the author (parent_type `user`) the bulletin takes over as attachments. */
    upload_ids: z.array(id).max(50).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'course' && !body.course_id)
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'course_id is required for a course bulletin' });
    if (body.type === 'org' && body.course_id) ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'an organisation bulletin has no course_id' });
  });
export type BulletinBody = z.infer<typeof BulletinBodySchema>;

export const BulletinAttachmentSchema = z.object({ id, name: z.string(), type: z.string(), size: z.number() });

export const BulletinSchema = z.object({
  id,
  type: BulletinTypeSchema,
  org_id: id,
  course_id: id.nullable(),
  course_name: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  show_on_popup: z.boolean(),
  is_pinned: z.boolean(),
  publish_at: isoTime,
  /** False while `publish_at` is in the future (only its authors see it then). */
  is_published: z.boolean(),
  is_read: z.boolean(),
  author: z.object({ id, name: z.string() }).nullable(),
  attachments: z.array(BulletinAttachmentSchema),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Bulletin = z.infer<typeof BulletinSchema>;

/**
 * `GET /api/bulletins?type=org|course&course_id=&unread=true&show_on_popup=true&keyword=&page=&page_size=`.
 * `type=course` without `course_id` lists the bulletins of every course the user is in; `course_id`
 * with `type=org` is refused (400 naming it). `unread=true` lists only published bulletins the user
 * has not read, `unread=false` only read ones; `show_on_popup=true|false` likewise; absent: both.
 * `keyword` matches the title or the text (case-insensitive). Pinned first, then newest `publish_at`.
 */
export const BulletinListQuerySchema = z.object({
  type: BulletinTypeSchema,
  course_id: z.coerce.number().int().positive().optional(),
  unread: z.enum(['true', 'false']).optional(),
  show_on_popup: z.enum(['true', 'false']).optional(),
  keyword: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), { message: `page_size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
    .default(10),
});
export type BulletinListQuery = z.infer<typeof BulletinListQuerySchema>;

export const BulletinListSchema = z.object({
  items: z.array(BulletinSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  /** Bulletins under the filters. */
  total: z.number().int(),
  /** Published bulletins of the list's scope (type, course) the user has not read, whatever the other filters. */
  unread_count: z.number().int(),
});
export type BulletinList = z.infer<typeof BulletinListSchema>;

export const BulletinIdParamsSchema = z.object({ bulletinId: z.coerce.number().int().positive() });

/** `PUT /api/bulletins/read`: marks every published bulletin of one scope read (`course_id` as in the list query). */
export const BulletinReadAllBodySchema = z
  .object({
    type: BulletinTypeSchema,
    course_id: id.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'org' && body.course_id) ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'an organisation bulletin has no course_id' });
  });
export type BulletinReadAllBody = z.infer<typeof BulletinReadAllBodySchema>;

/** The answer of `PUT /api/bulletins/read`: how many were marked now, and what stays unread in that scope (0). */
export const BulletinReadAllAnswerSchema = z.object({ marked: z.number().int(), unread_count: z.number().int() });
export type BulletinReadAllAnswer = z.infer<typeof BulletinReadAllAnswerSchema>;
