import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, QuestionBodySchema, QuestionListQuerySchema, QuestionPageSchema, QuestionSchema, UploadIdParamsSchema } from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { askQuestion, listQuestions } from './questions.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Questions on files (issue 18 §4; spec §2 the previewer's question panel). Answers and the
 * discussion of a question go through the forum's topic routes (`GET /api/topics/{id}`,
 * `POST /api/topics/{id}/replies`); the count through `GET /api/activities/{id}/comment/count`.
 */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/uploads/:id/questions', {
    config: { action: 'question.ask' },
    schema: {
      tags: ['forum'],
      summary:
        'Ask a question on a file in an activity (whoever may open the file there), anchored at a page (documents) or a second (media); content sanitised; a bad anchor is a 400 naming it',
      params: UploadIdParamsSchema,
      body: QuestionBodySchema,
      response: { 201: QuestionSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await askQuestion(app.deps, actorOf(request), request.params.id, request.body)),
  });
  app.get('/api/uploads/:id/questions', {
    config: { action: 'question.read' },
    schema: {
      tags: ['forum'],
      summary: "A file's questions in an activity, newest first, with reply counts and whether the team answered; `anchor_page` filters one page",
      params: UploadIdParamsSchema,
      querystring: QuestionListQuerySchema,
      response: { 200: QuestionPageSchema, ...errors },
    },
    handler: async (request) => listQuestions(app.deps, actorOf(request), request.params.id, request.query),
  });
};
