import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { libraryItems } from '../library/library.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * Resource groups and sharing (issue 19 §2, decision 0134). A group of teachers of one organisation
 * (members with roles owner, manager, member); a share points at one library item (file or folder,
 * one id space) and goes to a group or one person (exactly one of `group_id`, `user_id`); a tracking
 * row counts how often one person opened or reused one file reached through one share.
 */
export const resourceGroups = pgTable(
  'resource_groups',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_groups_org_idx').on(t.orgId)],
);

export const resourceGroupMembers = pgTable(
  'resource_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => resourceGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'manager' | 'member'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('resource_group_members_user_idx').on(t.userId),
    check('resource_group_members_role_check', sql`${t.role} in ('owner', 'manager', 'member')`),
  ],
);

export const sharedResources = pgTable(
  'shared_resources',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    sharedById: integer('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => resourceGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shared_resources_target_check', sql`(${t.groupId} is null) <> (${t.userId} is null)`),
    uniqueIndex('shared_resources_item_group_key')
      .on(t.itemId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    uniqueIndex('shared_resources_item_user_key')
      .on(t.itemId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('shared_resources_group_idx').on(t.groupId),
    index('shared_resources_user_idx').on(t.userId),
    index('shared_resources_shared_by_idx').on(t.sharedById),
  ],
);

export const sharedResourceTracks = pgTable(
  'shared_resource_tracks',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id')
      .notNull()
      .references(() => sharedResources.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    how: text('how').$type<'open' | 'reuse'>().notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_resource_tracks_key').on(t.shareId, t.userId, t.uploadId, t.how),
    check('shared_resource_tracks_how_check', sql`${t.how} in ('open', 'reuse')`),
  ],
);
