import { z } from 'zod';

/**
 * The instructor's personal resource library (issue 19 §1, decision 0132): folders and files in one
 * tree of library items (one id space, so a later share can point to either), tags, search, sort,
 * paging, a trash, and the storage quota per user and per organisation. A library file is an upload
 * with parent type `library` (its owner's); an activity uses it by reference (activity_uploads), its
 * learners reaching it only through that activity's rules. Instants ISO 8601; sizes in bytes.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const LIBRARY_NAME_MAX = 255;
export const LIBRARY_TAG_MAX = 50;
export const LIBRARY_TAGS_MAX = 20;
export const LIBRARY_PAGE_SIZE_DEFAULT = 50;
export const LIBRARY_PAGE_SIZE_MAX = 200;
/** Files one `POST /api/library/files` adds at most. */
export const LIBRARY_ADD_MAX = 500;
/** Quota share from which usage counts as near its limit (the notice, the warning colour). */
export const LIBRARY_QUOTA_NEAR = 0.9;

export const LIBRARY_SORTS = ['name', 'size', 'updated'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export const LibraryItemKindSchema = z.enum(['folder', 'file']);
export type LibraryItemKind = z.infer<typeof LibraryItemKindSchema>;

/** The file of a library item: its upload, as the previewer and the activity editor need it. */
export const LibraryUploadSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  status: z.string(),
  size: z.number().int(),
  mime_type: z.string().nullable(),
});

/** One folder or file of the library. `size`: a file's bytes (0 for a folder). `trashed_at` only in the trash. */
export const LibraryItemSchema = z.object({
  id,
  kind: LibraryItemKindSchema,
  name: z.string(),
  parent_id: id.nullable(),
  size: z.number().int(),
  tags: z.array(z.string()),
  upload: LibraryUploadSchema.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  trashed_at: isoTime.nullable(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const LibraryCrumbSchema = z.object({ id, name: z.string() });
export type LibraryCrumb = z.infer<typeof LibraryCrumbSchema>;

/** `GET /api/library/items`: a folder's items (or the root's), or the search results across the whole library. */
export const LibraryListQuerySchema = z.object({
  folder_id: z.coerce.number().int().positive().optional(),
  /** Words in the name or a tag (case-insensitive); searches the whole library, not one folder. */
  q: z.string().max(100).optional(),
  /** Only items carrying this tag (case-insensitive); searches the whole library. */
  tag: z.string().max(LIBRARY_TAG_MAX).optional(),
  sort: z.enum(LIBRARY_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIBRARY_PAGE_SIZE_MAX).default(LIBRARY_PAGE_SIZE_DEFAULT),
});
export type LibraryListQuery = z.infer<typeof LibraryListQuerySchema>;

export const LibraryListSchema = z.object({
  /** The folder listed (null: the root or a search). */
  folder: LibraryCrumbSchema.nullable(),
  /** The folder's ancestors from the root down, then the folder itself. */
  breadcrumbs: z.array(LibraryCrumbSchema),
  items: z.array(LibraryItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type LibraryList = z.infer<typeof LibraryListSchema>;

/** `GET /api/library/folders`: every live folder (for the tree and the move/copy target picker). */
export const LibraryFolderNodeSchema = z.object({ id, name: z.string(), parent_id: id.nullable() });
export const LibraryFolderTreeSchema = z.object({ folders: z.array(LibraryFolderNodeSchema), truncated: z.boolean() });
export type LibraryFolderTree = z.infer<typeof LibraryFolderTreeSchema>;

export const LibraryTagListSchema = z.object({ tags: z.array(z.object({ name: z.string(), count: z.number().int() })) });
export type LibraryTagList = z.infer<typeof LibraryTagListSchema>;

const name = z.string().max(LIBRARY_NAME_MAX);
const tags = z.array(z.string().max(LIBRARY_TAG_MAX)).max(LIBRARY_TAGS_MAX);

export const LibraryFolderBodySchema = z.object({ name, parent_id: id.nullable().default(null) });
export type LibraryFolderBody = z.input<typeof LibraryFolderBodySchema>;

/**
 * `POST /api/library/files`: the author's own personal uploads (parent type `user`, received) the
 * library takes into `folder_id` (null: the root). A folder upload's files go into the sub-folders
 * their relative paths name, made on the way.
 */
export const LibraryAddFilesBodySchema = z.object({
  upload_ids: z.array(id).min(1).max(LIBRARY_ADD_MAX),
  folder_id: id.nullable().default(null),
  tags: tags.optional(),
});
export type LibraryAddFilesBody = z.input<typeof LibraryAddFilesBodySchema>;
export const LibraryItemsSchema = z.object({ items: z.array(LibraryItemSchema) });

/** `PUT /api/library/items/{itemId}`: rename (`name`), move (`folder_id`, null: the root), tags (replaced). */
export const LibraryItemPatchSchema = z.object({
  name: name.optional(),
  folder_id: id.nullable().optional(),
  tags: tags.optional(),
});
export type LibraryItemPatch = z.infer<typeof LibraryItemPatchSchema>;

export const LibraryCopyBodySchema = z.object({ folder_id: id.nullable().default(null) });
export type LibraryCopyBody = z.input<typeof LibraryCopyBodySchema>;

export const LibraryItemIdParamsSchema = z.object({ itemId: z.coerce.number().int().positive() });

export const LibraryTrashQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIBRARY_PAGE_SIZE_MAX).default(LIBRARY_PAGE_SIZE_DEFAULT),
});
export const LibraryTrashSchema = z.object({
  items: z.array(LibraryItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type LibraryTrash = z.infer<typeof LibraryTrashSchema>;

/** One quota: bytes used (every live upload, the trash included until purged) and allowed. */
export const StorageQuotaSchema = z.object({ used: z.number().int(), quota: z.number().int() });
/** `GET /api/library/usage`: the user's and the organisation's storage, and the library's limits. */
export const LibraryUsageSchema = z.object({
  user: StorageQuotaSchema,
  org: StorageQuotaSchema,
  limits: z.object({ max_folder_depth: z.number().int(), max_folders: z.number().int() }),
});
export type LibraryUsage = z.infer<typeof LibraryUsageSchema>;

/** The organisation's library limits as its administrators set them (decision 0132): each the organisation's own value, or null for the default. */
const LibraryLimitValuesSchema = z.object({
  max_folder_depth: z.number().int(),
  max_folders: z.number().int(),
  user_quota_bytes: z.number().int(),
  org_quota_bytes: z.number().int(),
});

/**
 * `GET /api/org/library-settings` (org admins): the limits in force (`effective`), what the
 * organisation set (`custom`, null where it keeps the default), the `defaults`, and the usage —
 * bytes of the organisation's live uploads (courses, personal files, libraries, the trash until
 * purged) and its ten biggest users.
 */
export const LibrarySettingsSchema = z.object({
  effective: LibraryLimitValuesSchema,
  custom: z.object({
    max_folder_depth: z.number().int().nullable(),
    max_folders: z.number().int().nullable(),
    user_quota_bytes: z.number().int().nullable(),
    org_quota_bytes: z.number().int().nullable(),
  }),
  defaults: LibraryLimitValuesSchema,
  usage: z.object({
    org_used: z.number().int(),
    top_users: z.array(z.object({ id: z.number().int(), name: z.string(), user_name: z.string(), used: z.number().int() })),
  }),
});
export type LibrarySettings = z.infer<typeof LibrarySettingsSchema>;

/** Largest byte quota accepted (1 PiB). */
export const LIBRARY_MAX_QUOTA_BYTES = 1024 ** 5;

/**
 * `PUT /api/org/library-settings` (org admins): any of the limits; null goes back to the default,
 * an absent one is kept. Depth 1–50, folders 1–100,000, quotas 1 MiB – 1 PiB (bytes); the
 * per-user quota may not exceed the organisation's.
 */
export const LibrarySettingsBodySchema = z.object({
  max_folder_depth: z.number().int().min(1).max(50).nullable().optional(),
  max_folders: z.number().int().min(1).max(100_000).nullable().optional(),
  user_quota_bytes: z
    .number()
    .int()
    .min(1024 ** 2)
    .max(LIBRARY_MAX_QUOTA_BYTES)
    .nullable()
    .optional(),
  org_quota_bytes: z
    .number()
    .int()
    .min(1024 ** 2)
    .max(LIBRARY_MAX_QUOTA_BYTES)
    .nullable()
    .optional(),
});
export type LibrarySettingsBody = z.infer<typeof LibrarySettingsBodySchema>;
