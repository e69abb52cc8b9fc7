import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntryBodySchema, EntryIdParamsSchema, EntryListQuerySchema, EntryListSchema, EntrySchema, ErrorBodySchema } from '@atrium/contracts';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { createEntry, deleteEntry, getEntry, listEntries, updateEntry } from './entries.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Vocabulary entries (issue 19 §4; spec §3 Entry, §6 toggle, §7 `GET /api/entries`, §1 the entries select popup). */
export const entriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/entries', {
    config: { action: 'entry.list' },
    schema: {
      tags: ['entries'],
      summary:
        'My organisation’s vocabulary entries by name: `fields` (comma list; id and name always), `page`, `page_size`, `conditions` (JSON: `{"keyword": …}` in names and keywords, `{"ids": […]}`); answers `result{entries, page, pages, total}`',
      querystring: EntryListQuerySchema,
      response: { 200: EntryListSchema, ...errors },
    },
    handler: async (request) => listEntries(app.deps, actorOf(request), request.query),
  });
  app.post('/api/entries', {
    config: { action: 'entry.create' },
    schema: {
      tags: ['entries'],
      summary: 'Create an entry with keywords and the admin’s own uploads as its files (org admins)',
      body: EntryBodySchema,
      response: { 201: EntrySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createEntry(app.deps, actorOf(request), request.body)),
  });
  app.get('/api/entries/:entryId', {
    config: { action: 'entry.read' },
    schema: {
      tags: ['entries'],
      summary: 'One entry with its keywords and files (the learners’ hover card)',
      params: EntryIdParamsSchema,
      response: { 200: EntrySchema, ...errors },
    },
    handler: async (request) => getEntry(app.deps, actorOf(request), request.params.entryId),
  });
  app.put('/api/entries/:entryId', {
    config: { action: 'entry.manage' },
    schema: {
      tags: ['entries'],
      summary: 'Change an entry: name, keywords (replaced), files (exactly `upload_ids`) (org admins)',
      params: EntryIdParamsSchema,
      body: EntryBodySchema,
      response: { 200: EntrySchema, ...errors },
    },
    handler: async (request) => updateEntry(app.deps, actorOf(request), request.params.entryId, request.body),
  });
  app.delete('/api/entries/:entryId', {
    config: { action: 'entry.manage' },
    schema: {
      tags: ['entries'],
      summary: 'Delete an entry, its keywords and its files (org admins)',
      params: EntryIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteEntry(app.deps, actorOf(request), request.params.entryId);
      return reply.status(204).send(null);
    },
  });
};
