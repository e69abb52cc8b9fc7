import { z } from 'zod';

/**
 * Vocabulary entries (issue 19 §4; spec §3 Entry, §6 feature toggle "vocabulary entries", §7
 * `GET /api/entries` with `fields`, `page`, `conditions` answering `result{entries, page, pages}`,
 * §1 the "entries select" popup). An organisation's glossary: each entry has a name, keywords and
 * files; the editor inserts entries into rich text and learners see them as a hover card. Read by
 * the organisation's users, written by its admins, only while the organisation's
 * `vocabulary_entries` toggle is on (403 ENTRIES_DISABLED otherwise). Instants ISO 8601.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const ENTRY_NAME_MAX = 100;
export const ENTRY_KEYWORD_MAX = 50;
export const ENTRY_KEYWORDS_MAX = 50;
export const ENTRY_UPLOADS_MAX = 20;
export const ENTRIES_PAGE_SIZE_DEFAULT = 20;
export const ENTRIES_PAGE_SIZE_MAX = 100;

/** Fields `GET /api/entries?fields=` may ask for beyond `id` and `name` (which are always answered). */
export const ENTRY_FIELDS = ['org_id', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id', 'keywords', 'uploads'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

export const EntryKeywordSchema = z.object({ name: z.string() });
/** A file of an entry (an upload with parent type `entry`). */
export const EntryUploadSchema = z.object({ id, name: z.string(), type: z.string() });

/** One entry as `GET /api/entries/{id}` answers it (every field). */
export const EntrySchema = z.object({
  id,
  org_id: id,
  name: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  created_by_id: id.nullable(),
  updated_by_id: id.nullable(),
  keywords: z.array(EntryKeywordSchema),
  uploads: z.array(EntryUploadSchema),
});
export type Entry = z.infer<typeof EntrySchema>;

/** An entry of the list: `id` and `name` always, the other fields when `fields` names them (all when `fields` is empty). */
export const EntryListItemSchema = EntrySchema.partial().required({ id: true, name: true });
export type EntryListItem = z.infer<typeof EntryListItemSchema>;

/**
 * The `conditions` of `GET /api/entries` (a JSON object in the query string): `keyword` matches the
 * name or a keyword (case-insensitive, any script); `ids` keeps only those entries. Both may be given.
 */
export const EntryConditionsSchema = z
  .object({
    keyword: z
      .string()
      .max(200)
      .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character')
      .optional(),
    // Ids inside the JSON string are not seen by the input guards: bound them here (PostgreSQL integer).
    ids: z
      .array(id.max(2 ** 31 - 1))
      .max(ENTRIES_PAGE_SIZE_MAX)
      .optional(),
  })
  .strict();
export type EntryConditions = z.infer<typeof EntryConditionsSchema>;

/**
 * `GET /api/entries?fields=&page=&page_size=&conditions=` (spec §7). `fields`: comma list of
 * ENTRY_FIELDS (unknown names ignored; empty: every field). `page` 1-based; `page_size` 1–100
 * (default 20). `conditions`: EntryConditionsSchema as a JSON string (empty: none); malformed JSON
 * or an unknown shape is 400 naming `conditions`. Entries by name, then id.
 */
export const EntryListQuerySchema = z.object({
  fields: z.string().max(500).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ENTRIES_PAGE_SIZE_MAX).default(ENTRIES_PAGE_SIZE_DEFAULT),
  conditions: z.string().max(5000).optional(),
});
export type EntryListQuery = z.infer<typeof EntryListQuerySchema>;

/** The answer of `GET /api/entries` (spec §7 `result{entries, page, pages}`, plus `total`). */
export const EntryListSchema = z.object({
  result: z.object({
    entries: z.array(EntryListItemSchema),
    page: z.number().int(),
    pages: z.number().int(),
    /** Entries under the conditions. */
    total: z.number().int(),
  }),
});
export type EntryList = z.infer<typeof EntryListSchema>;

/**
 * `POST /api/entries` and `PUT /api/entries/{id}` (org admins): the name (unique in the
 * organisation, case-insensitive), its keywords (trimmed; blanks dropped; repeats, case-insensitive,
 * kept once) and its files — the admin's own uploads (parent type `user`) or files the entry holds
 * already; files left out go back to their owners' personal files.
 */
export const EntryBodySchema = z.object({
  name: z.string().trim().min(1).max(ENTRY_NAME_MAX),
  keywords: z.array(z.string().trim().max(ENTRY_KEYWORD_MAX)).max(ENTRY_KEYWORDS_MAX).default([]),
  upload_ids: z.array(id).max(ENTRY_UPLOADS_MAX).default([]),
});
export type EntryBody = z.infer<typeof EntryBodySchema>;

export const EntryIdParamsSchema = z.object({ entryId: z.coerce.number().int().positive() });
