import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateNoteBodySchema,
  ErrorBodySchema,
  NoteIdParamsSchema,
  NoteListSchema,
  NoteSchema,
  NotesQuerySchema,
  NoteStatisticsSchema,
  UpdateNoteBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { createNote, deleteNote, listNotes, noteStatistics, updateNote } from './notes.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Notes on files (spec §3 Note, §5, §7 Notes). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notes', {
    config: { action: 'note.read' },
    schema: { tags: ['notes'], summary: 'My notes on a file of an activity', querystring: NotesQuerySchema, response: { 200: NoteListSchema, ...errors } },
    handler: async (request) => ({ notes: await listNotes(app.deps, actorOf(request), request.query) }),
  });
  app.get('/api/notes/statistics', {
    config: { action: 'note.read_statistics' },
    schema: {
      tags: ['notes'],
      summary: 'How many notes sit at each anchor of a file (course team)',
      querystring: NotesQuerySchema,
      response: { 200: NoteStatisticsSchema, ...errors },
    },
    handler: async (request) => noteStatistics(app.deps, actorOf(request), request.query),
  });
  app.post('/api/notes', {
    config: { action: 'note.write' },
    schema: {
      tags: ['notes'],
      summary: 'Add a note (content sanitised); 400 with field errors',
      body: CreateNoteBodySchema,
      response: { 201: NoteSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createNote(app.deps, actorOf(request), request.body)),
  });
  app.put('/api/notes/:id', {
    config: { action: 'note.write' },
    schema: { tags: ['notes'], summary: 'Change my note', params: NoteIdParamsSchema, body: UpdateNoteBodySchema, response: { 200: NoteSchema, ...errors } },
    handler: async (request) => updateNote(app.deps, actorOf(request), request.params.id, request.body),
  });
  app.delete('/api/notes/:id', {
    config: { action: 'note.write' },
    schema: { tags: ['notes'], summary: 'Delete my note', params: NoteIdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteNote(app.deps, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
