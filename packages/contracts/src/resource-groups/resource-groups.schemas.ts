import { z } from 'zod';
import { LibraryItemSchema } from '../library/library.schemas.js';

/**
 * Resource groups and sharing (issue 19 §2, decision 0134; spec §3 Shared resource: id, group.id,
 * share_to_id, upload). Teachers of one organisation form groups (roles owner, manager, member);
 * a library item — file or folder — is shared to a group or to one person; the people it reaches
 * open it through the share (`/vtrs/{id}`) and may use its files in their activities by reference;
 * the sharer sees who opened or reused it. Instants ISO 8601.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const RESOURCE_GROUP_NAME_MAX = 100;
export const RESOURCE_GROUP_ROLES = ['owner', 'manager', 'member'] as const;
export const ResourceGroupRoleSchema = z.enum(RESOURCE_GROUP_ROLES);
export type ResourceGroupRole = z.infer<typeof ResourceGroupRoleSchema>;

export const ResourceGroupSchema = z.object({
  id,
  name: z.string(),
  /** The caller's role in the group. */
  my_role: ResourceGroupRoleSchema,
  member_count: z.number().int(),
  created_at: isoTime,
});
export type ResourceGroup = z.infer<typeof ResourceGroupSchema>;
export const ResourceGroupListSchema = z.object({ groups: z.array(ResourceGroupSchema) });
export type ResourceGroupList = z.infer<typeof ResourceGroupListSchema>;

export const ResourceGroupMemberSchema = z.object({ user_id: id, name: z.string(), user_name: z.string(), role: ResourceGroupRoleSchema, added_at: isoTime });
export type ResourceGroupMember = z.infer<typeof ResourceGroupMemberSchema>;
export const ResourceGroupDetailSchema = ResourceGroupSchema.extend({ members: z.array(ResourceGroupMemberSchema) });
export type ResourceGroupDetail = z.infer<typeof ResourceGroupDetailSchema>;

export const ResourceGroupBodySchema = z.object({ name: z.string().max(RESOURCE_GROUP_NAME_MAX) });
export type ResourceGroupBody = z.infer<typeof ResourceGroupBodySchema>;
export const ResourceGroupIdParamsSchema = z.object({ groupId: z.coerce.number().int().positive() });
export const ResourceGroupMemberParamsSchema = z.object({ groupId: z.coerce.number().int().positive(), userId: z.coerce.number().int().positive() });
/** A teacher of the organisation by id or by user name; `role` member by default (a manager may not make owners). */
export const ResourceGroupMemberBodySchema = z.object({
  user_id: id.optional(),
  user_name: z.string().max(100).optional(),
  role: ResourceGroupRoleSchema.default('member'),
});
export type ResourceGroupMemberBody = z.input<typeof ResourceGroupMemberBodySchema>;
export const ResourceGroupRoleBodySchema = z.object({ role: ResourceGroupRoleSchema });

export const SHARE_TO_KINDS = ['group', 'user'] as const;
export const ShareToKindSchema = z.enum(SHARE_TO_KINDS);

/** `POST /api/shared-resources`: share one of my library items to a group I belong to, or to a teacher of my organisation. */
export const ShareBodySchema = z.object({ item_id: id, share_to_kind: ShareToKindSchema, share_to_id: id });
export type ShareBody = z.infer<typeof ShareBodySchema>;

/** One share (spec §3 Shared resource): the item (a file's `upload`, or a folder), to whom, by whom, when. */
export const SharedResourceSchema = z.object({
  id,
  item: LibraryItemSchema,
  /** The file's upload (null for a folder). */
  upload: LibraryItemSchema.shape.upload,
  share_to_kind: ShareToKindSchema,
  share_to_id: id,
  group: z.object({ id, name: z.string() }).nullable(),
  shared_by: z.object({ id, name: z.string() }),
  shared_at: isoTime,
});
export type SharedResource = z.infer<typeof SharedResourceSchema>;
export const SharedResourceListSchema = z.object({
  resources: z.array(SharedResourceSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type SharedResourceList = z.infer<typeof SharedResourceListSchema>;

/** `GET /api/shared-resources`: what was shared with me (to me or to my groups), last first; `group_id` one group's, `q` by name. */
export const SharedListQuerySchema = z.object({
  group_id: z.coerce.number().int().positive().optional(),
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type SharedListQuery = z.infer<typeof SharedListQuerySchema>;

export const SharedResourceIdParamsSchema = z.object({ resourceId: z.coerce.number().int().positive() });
/** The file of a share: the shared file itself, or with `upload_id` a file inside the shared folder. */
export const SharedUploadQuerySchema = z.object({
  upload_id: z.coerce.number().int().positive().optional(),
  preview: z.enum(['true', 'false']).optional(),
});
export type SharedUploadQuery = z.infer<typeof SharedUploadQuerySchema>;

/** `GET /api/shared-resources/{resourceId}/items`: a folder inside a shared folder (`folder_id`; the shared folder without), or `q` across it. */
export const SharedItemsQuerySchema = z.object({
  folder_id: z.coerce.number().int().positive().optional(),
  q: z.string().max(100).optional(),
});
export const SharedItemsSchema = z.object({
  folder: z.object({ id, name: z.string() }),
  /** From the shared folder down to the folder listed. */
  breadcrumbs: z.array(z.object({ id, name: z.string() })),
  items: z.array(LibraryItemSchema),
  truncated: z.boolean(),
});
export type SharedItems = z.infer<typeof SharedItemsSchema>;

/** The shares of one of my items (`GET /api/library/items/{itemId}/shares`). */
export const ItemSharesSchema = z.object({ resources: z.array(SharedResourceSchema) });
export type ItemShares = z.infer<typeof ItemSharesSchema>;

export const TRACK_KINDS = ['open', 'reuse'] as const;
/** `POST /api/shared-resources/{resourceId}/track`: I opened (`open`) or used in an activity (`reuse`) the shared file or one inside the shared folder. */
export const TrackBodySchema = z.object({ how: z.enum(TRACK_KINDS), upload_id: id.optional() });
export type TrackBody = z.infer<typeof TrackBodySchema>;

/** Who opened or reused a share of mine: one row per person, file and way, with how often and when first and last. */
export const ShareTrackSchema = z.object({
  resource_id: id,
  item_name: z.string(),
  user: z.object({ id, name: z.string() }),
  upload: z.object({ id, name: z.string() }),
  how: z.enum(TRACK_KINDS),
  count: z.number().int(),
  first_at: isoTime,
  last_at: isoTime,
});
export type ShareTrack = z.infer<typeof ShareTrackSchema>;
export const ShareTrackingSchema = z.object({ tracks: z.array(ShareTrackSchema), truncated: z.boolean() });
export type ShareTracking = z.infer<typeof ShareTrackingSchema>;
