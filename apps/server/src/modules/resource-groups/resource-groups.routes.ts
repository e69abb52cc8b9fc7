import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AudioSourceSchema,
  EmbedMaterialSchema,
  ErrorBodySchema,
  ItemSharesSchema,
  LibraryItemIdParamsSchema,
  ResourceGroupBodySchema,
  ResourceGroupDetailSchema,
  ResourceGroupIdParamsSchema,
  ResourceGroupListSchema,
  ResourceGroupMemberBodySchema,
  ResourceGroupMemberParamsSchema,
  ResourceGroupRoleBodySchema,
  ShareBodySchema,
  SharedItemsQuerySchema,
  SharedItemsSchema,
  SharedListQuerySchema,
  SharedResourceIdParamsSchema,
  SharedResourceListSchema,
  SharedResourceSchema,
  SharedUploadQuerySchema,
  ShareTrackingSchema,
  TrackBodySchema,
  UploadPreviewSchema,
  UploadSchema,
  UploadTextSchema,
} from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import {
  addMember,
  changeMemberRole,
  createGroup,
  getGroup,
  getShare,
  itemShares,
  listGroups,
  myTracking,
  removeGroup,
  removeMember,
  renameGroup,
  shareItem,
  sharedAudio,
  sharedEvercam,
  sharedItems,
  sharedText,
  sharedUpload,
  sharedWithMe,
  shareTracking,
  trackShare,
  unshare,
} from './resource-groups.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const groupTags = ['resource-groups'];
const shareTags = ['shared-resources'];

/** Resource groups and sharing (issue 19 §2, decision 0134; spec §7 shared-resources variants). */
export const resourceGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/resource-groups', {
    config: { action: 'resource_group.read' },
    schema: { tags: groupTags, summary: 'The resource groups I belong to, with my role', response: { 200: ResourceGroupListSchema, ...errors } },
    handler: async (request) => listGroups(app.deps, actorOf(request)),
  });
  app.post('/api/resource-groups', {
    config: { action: 'resource_group.manage' },
    schema: {
      tags: groupTags,
      summary: 'A new resource group; I am its owner',
      body: ResourceGroupBodySchema,
      response: { 201: ResourceGroupDetailSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createGroup(app.deps, actorOf(request), request.body)),
  });
  app.get('/api/resource-groups/:groupId', {
    config: { action: 'resource_group.read' },
    schema: {
      tags: groupTags,
      summary: 'One group of mine with its members and their roles',
      params: ResourceGroupIdParamsSchema,
      response: { 200: ResourceGroupDetailSchema, ...errors },
    },
    handler: async (request) => getGroup(app.deps, actorOf(request), request.params.groupId),
  });
  app.put('/api/resource-groups/:groupId', {
    config: { action: 'resource_group.manage' },
    schema: {
      tags: groupTags,
      summary: 'Rename a group (owners and managers)',
      params: ResourceGroupIdParamsSchema,
      body: ResourceGroupBodySchema,
      response: { 200: ResourceGroupDetailSchema, ...errors },
    },
    handler: async (request) => renameGroup(app.deps, actorOf(request), request.params.groupId, request.body),
  });
  app.delete('/api/resource-groups/:groupId', {
    config: { action: 'resource_group.manage' },
    schema: { tags: groupTags, summary: 'Delete a group and its shares (owners)', params: ResourceGroupIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeGroup(app.deps, actorOf(request), request.params.groupId);
      return reply.status(204).send(null);
    },
  });
  app.post('/api/resource-groups/:groupId/members', {
    config: { action: 'resource_group.manage' },
    schema: {
      tags: groupTags,
      summary: 'Add a teacher of my organisation (`user_id` or `user_name`) with a role (owners and managers; managers make no owners)',
      params: ResourceGroupIdParamsSchema,
      body: ResourceGroupMemberBodySchema,
      response: { 201: ResourceGroupDetailSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await addMember(app.deps, actorOf(request), request.params.groupId, request.body)),
  });
  app.put('/api/resource-groups/:groupId/members/:userId', {
    config: { action: 'resource_group.manage' },
    schema: {
      tags: groupTags,
      summary: 'Change a member’s role (owners; the last owner stays one)',
      params: ResourceGroupMemberParamsSchema,
      body: ResourceGroupRoleBodySchema,
      response: { 200: ResourceGroupDetailSchema, ...errors },
    },
    handler: async (request) => changeMemberRole(app.deps, actorOf(request), request.params.groupId, request.params.userId, request.body.role),
  });
  app.delete('/api/resource-groups/:groupId/members/:userId', {
    config: { action: 'resource_group.read' },
    schema: {
      tags: groupTags,
      summary: 'Remove a member (owners and managers; managers not owners) or leave the group myself; the last owner stays',
      params: ResourceGroupMemberParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await removeMember(app.deps, actorOf(request), request.params.groupId, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/shared-resources', {
    config: { action: 'shared_resource.share' },
    schema: {
      tags: shareTags,
      summary: 'Share one of my library items (file or folder) to a group I belong to or to a teacher of my organisation; notifies them',
      body: ShareBodySchema,
      response: { 201: SharedResourceSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await shareItem(app.deps, actorOf(request), request.body)),
  });
  app.get('/api/library/items/:itemId/shares', {
    config: { action: 'shared_resource.share' },
    schema: {
      tags: shareTags,
      summary: 'To whom one of my library items is shared',
      params: LibraryItemIdParamsSchema,
      response: { 200: ItemSharesSchema, ...errors },
    },
    handler: async (request) => itemShares(app.deps, actorOf(request), request.params.itemId),
  });
  app.get('/api/shared-resources', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'Shared with me (to me or to my groups), last first; `group_id` one group’s, `q` by name',
      querystring: SharedListQuerySchema,
      response: { 200: SharedResourceListSchema, ...errors },
    },
    handler: async (request) => sharedWithMe(app.deps, actorOf(request), request.query),
  });
  app.get('/api/shared-resources/tracking', {
    config: { action: 'shared_resource.share' },
    schema: { tags: shareTags, summary: 'Who opened or reused any resource I shared (track-user-resource)', response: { 200: ShareTrackingSchema, ...errors } },
    handler: async (request) => myTracking(app.deps, actorOf(request)),
  });
  app.get('/api/shared-resources/:resourceId', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'One shared resource (spec §3: id, group, share_to_id, upload)',
      params: SharedResourceIdParamsSchema,
      response: { 200: SharedResourceSchema, ...errors },
    },
    handler: async (request) => getShare(app.deps, actorOf(request), request.params.resourceId),
  });
  app.delete('/api/shared-resources/:resourceId', {
    config: { action: 'shared_resource.share' },
    schema: {
      tags: shareTags,
      summary: 'Withdraw a share (its sharer); access ends at once',
      params: SharedResourceIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await unshare(app.deps, actorOf(request), request.params.resourceId);
      return reply.status(204).send(null);
    },
  });
  app.get('/api/shared-resources/:resourceId/items', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'Inside a shared folder: a folder’s items (`folder_id`; the shared folder without), or `q` across it',
      params: SharedResourceIdParamsSchema,
      querystring: SharedItemsQuerySchema,
      response: { 200: SharedItemsSchema, ...errors },
    },
    handler: async (request) => sharedItems(app.deps, actorOf(request), request.params.resourceId, request.query),
  });
  app.get('/api/shared-resources/:resourceId/uploads', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'The shared file as GET /api/uploads/{id} answers it (`upload_id`: a file inside a shared folder; `preview=true` its preview); counts the open',
      params: SharedResourceIdParamsSchema,
      querystring: SharedUploadQuerySchema,
      response: { 200: z.union([UploadPreviewSchema, UploadSchema]), ...errors },
    },
    handler: async (request) => sharedUpload(app.deps, actorOf(request), request.params.resourceId, request.query),
  });
  app.get('/api/shared-resources/:resourceId/text', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'The content of a shared text file (the first MiB with preview=true)',
      params: SharedResourceIdParamsSchema,
      querystring: SharedUploadQuerySchema,
      response: { 200: UploadTextSchema, ...errors },
    },
    handler: async (request) => sharedText(app.deps, actorOf(request), request.params.resourceId, request.query),
  });
  app.get('/api/shared-resources/:resourceId/audios', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'A shared audio with a signed URL',
      params: SharedResourceIdParamsSchema,
      querystring: SharedUploadQuerySchema,
      response: { 200: AudioSourceSchema, ...errors },
    },
    handler: async (request) => sharedAudio(app.deps, actorOf(request), request.params.resourceId, request.query),
  });
  app.get('/api/shared-resources/:resourceId/evercams', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'A shared embedded online video with its player frame address',
      params: SharedResourceIdParamsSchema,
      querystring: SharedUploadQuerySchema,
      response: { 200: EmbedMaterialSchema, ...errors },
    },
    handler: async (request) => sharedEvercam(app.deps, actorOf(request), request.params.resourceId, request.query),
  });
  app.post('/api/shared-resources/:resourceId/track', {
    config: { action: 'shared_resource.read' },
    schema: {
      tags: shareTags,
      summary: 'I opened (`open`) or used in an activity (`reuse`) the shared file or one inside the shared folder',
      params: SharedResourceIdParamsSchema,
      body: TrackBodySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await trackShare(app.deps, actorOf(request), request.params.resourceId, request.body);
      return reply.status(204).send(null);
    },
  });
  app.get('/api/shared-resources/:resourceId/tracking', {
    config: { action: 'shared_resource.share' },
    schema: {
      tags: shareTags,
      summary: 'Who opened or reused a resource I shared, how often, first and last',
      params: SharedResourceIdParamsSchema,
      response: { 200: ShareTrackingSchema, ...errors },
    },
    handler: async (request) => shareTracking(app.deps, actorOf(request), request.params.resourceId),
  });
};
