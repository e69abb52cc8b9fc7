import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  LibraryAddFilesBodySchema,
  LibraryCopyBodySchema,
  LibraryFolderBodySchema,
  LibraryFolderTreeSchema,
  LibraryItemIdParamsSchema,
  LibraryItemPatchSchema,
  LibraryItemSchema,
  LibraryItemsSchema,
  LibraryListQuerySchema,
  LibraryListSchema,
  LibrarySettingsBodySchema,
  LibrarySettingsSchema,
  LibraryTagListSchema,
  LibraryTrashQuerySchema,
  LibraryTrashSchema,
  LibraryUsageSchema,
} from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import {
  addFiles,
  changeItem,
  copyItem,
  createFolder,
  emptyTrash,
  folderTree,
  librarySettings,
  libraryTags,
  libraryUsage,
  listLibraryAnswer,
  purgeItem,
  restoreItem,
  trashItem,
  trashList,
  updateLibrarySettings,
} from './library.service.js';

import { presentedResponse, sendJson } from '../../lib/presented-response.js';
import { bumpLibraryOwner, startLibraryListener } from './library-cache.js';
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 413: ErrorBodySchema };
const tags = ['library'];

/** My library (issue 19 §1, decision 0132): an instructor's own folders and files, the trash and the storage quota. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Listings are cached per owner (library-cache.ts): every write through these routes (all to the
  // actor's own library) forgets the actor's listings before its answer is sent, on every instance.
  let stopListening = async () => undefined as void;
  app.addHook('onReady', async () => {
    stopListening = await startLibraryListener(app.deps);
  });
  app.addHook('onClose', async () => stopListening());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.account) await bumpLibraryOwner(app.deps, request.account.user.id);
    return payload;
  });
  app.get('/api/library/items', {
    config: { action: 'library.read' },
    // The presenter is typed against the contract: no zod response pass (a page of 50 items).
    ...presentedResponse,
    schema: {
      tags,
      summary:
        'A folder’s items (`folder_id`; the root without), folders first, sorted (`sort` name|size|updated, `order`), paged; or with `q` / `tag` the matching items of the whole library',
      querystring: LibraryListQuerySchema,
      response: { 200: LibraryListSchema, ...errors },
    },
    handler: async (request, reply) => sendJson(reply, await listLibraryAnswer(app.deps, actorOf(request), request.query)),
  });
  app.get('/api/library/folders', {
    config: { action: 'library.read' },
    schema: { tags, summary: 'Every folder of my library (the tree; move and copy targets)', response: { 200: LibraryFolderTreeSchema, ...errors } },
    handler: async (request) => folderTree(app.deps, actorOf(request)),
  });
  app.get('/api/library/tags', {
    config: { action: 'library.read' },
    schema: { tags, summary: 'The tags of my library with how many items carry each', response: { 200: LibraryTagListSchema, ...errors } },
    handler: async (request) => libraryTags(app.deps, actorOf(request)),
  });
  app.get('/api/library/usage', {
    config: { action: 'library.read' },
    schema: { tags, summary: 'Storage used and allowed, mine and my organisation’s, and the folder limits', response: { 200: LibraryUsageSchema, ...errors } },
    handler: async (request) => libraryUsage(app.deps, actorOf(request)),
  });
  app.post('/api/library/folders', {
    config: { action: 'library.write' },
    schema: {
      tags,
      summary: 'A new folder (within the organisation’s depth and count)',
      body: LibraryFolderBodySchema,
      response: { 201: LibraryItemSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createFolder(app.deps, actorOf(request), request.body)),
  });
  app.post('/api/library/files', {
    config: { action: 'library.write' },
    schema: {
      tags,
      summary: 'Take my own uploaded files into the library (a folder upload into the folders its paths name)',
      body: LibraryAddFilesBodySchema,
      response: { 201: LibraryItemsSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await addFiles(app.deps, actorOf(request), request.body)),
  });
  app.put('/api/library/items/:itemId', {
    config: { action: 'library.write' },
    schema: {
      tags,
      summary: 'Rename (`name`), move (`folder_id`, null: the root) or tag (`tags`, replaced) a folder or file',
      params: LibraryItemIdParamsSchema,
      body: LibraryItemPatchSchema,
      response: { 200: LibraryItemSchema, ...errors },
    },
    handler: async (request) => changeItem(app.deps, actorOf(request), request.params.itemId, request.body),
  });
  app.post('/api/library/items/:itemId/copy', {
    config: { action: 'library.write' },
    schema: {
      tags,
      summary: 'Copy a file or a folder into `folder_id` (bytes copied, counted against the quota)',
      params: LibraryItemIdParamsSchema,
      body: LibraryCopyBodySchema,
      response: { 201: LibraryItemSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await copyItem(app.deps, actorOf(request), request.params.itemId, request.body)),
  });
  app.delete('/api/library/items/:itemId', {
    config: { action: 'library.write' },
    schema: { tags, summary: 'Put a folder or file in the trash', params: LibraryItemIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await trashItem(app.deps, actorOf(request), request.params.itemId);
      return reply.status(204).send(null);
    },
  });
  app.get('/api/library/trash', {
    config: { action: 'library.read' },
    schema: { tags, summary: 'My trash, last deleted first, paged', querystring: LibraryTrashQuerySchema, response: { 200: LibraryTrashSchema, ...errors } },
    handler: async (request) => trashList(app.deps, actorOf(request), request.query),
  });
  app.post('/api/library/trash/:itemId/restore', {
    config: { action: 'library.write' },
    schema: { tags, summary: 'Restore what one deletion put in the trash', params: LibraryItemIdParamsSchema, response: { 200: LibraryItemSchema, ...errors } },
    handler: async (request) => restoreItem(app.deps, actorOf(request), request.params.itemId),
  });
  app.delete('/api/library/trash/:itemId', {
    config: { action: 'library.write' },
    schema: {
      tags,
      summary: 'Purge one deletion: its items and their files for good (409 while an activity uses one)',
      params: LibraryItemIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await purgeItem(app.deps, actorOf(request), request.params.itemId);
      return reply.status(204).send(null);
    },
  });
  app.delete('/api/library/trash', {
    config: { action: 'library.write' },
    schema: { tags, summary: 'Empty my trash (409 while an activity uses a file in it)', response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await emptyTrash(app.deps, actorOf(request));
      return reply.status(204).send(null);
    },
  });

  // The organisation's library limits and storage usage (decision 0132), for its administrators.
  app.get('/api/org/library-settings', {
    config: { action: 'organisation.manage' },
    schema: {
      tags,
      summary: 'My organisation’s library limits (in force, its own, the defaults) and storage usage with its biggest users (administrators)',
      response: { 200: LibrarySettingsSchema, ...errors },
    },
    handler: async (request) => librarySettings(app.deps, actorOf(request)),
  });
  app.put('/api/org/library-settings', {
    config: { action: 'organisation.manage' },
    schema: {
      tags,
      summary: 'Set my organisation’s library limits (folder depth and count, per-user and organisation storage quota; null: the default) (administrators)',
      body: LibrarySettingsBodySchema,
      response: { 200: LibrarySettingsSchema, ...errors },
    },
    handler: async (request) => updateLibrarySettings(app.deps, actorOf(request), request.body),
  });
};
