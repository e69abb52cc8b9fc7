import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateQuestionnaireSubjectBodySchema,
  ErrorBodySchema,
  QuestionnaireIdParamsSchema,
  QuestionnaireResultsSchema,
  QuestionnaireSchema,
  QuestionnaireSubjectSchema,
  ScoreExportQuerySchema,
  SubmitQuestionnaireBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  createQuestionnaireSubject,
  deleteQuestionnaireSubjectOf,
  exportQuestionnaire,
  getQuestionnaire,
  questionnaireResults,
  submitQuestionnaire,
  updateQuestionnaireSubjectOf,
} from './questionnaires.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const SubjectParamsSchema = z.object({ subjectId: z.coerce.number().int().positive() });

/** Questionnaires (issue 15 §5; spec §2 `#/questionnaire/{id}` and its full-screen route). */
export const questionnairesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/questionnaires/:activityId', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['questionnaires'],
      summary: 'A questionnaire to answer, and whether I answered it',
      params: QuestionnaireIdParamsSchema,
      response: { 200: QuestionnaireSchema, ...errors },
    },
    handler: async (request) => getQuestionnaire(app.deps, actorOf(request), request.params.activityId),
  });
  app.post('/api/questionnaires/:activityId/subjects', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['questionnaires'],
      summary: 'Add a subject (course team); 400 naming the field',
      params: QuestionnaireIdParamsSchema,
      body: CreateQuestionnaireSubjectBodySchema,
      response: { 201: QuestionnaireSubjectSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createQuestionnaireSubject(app.deps, actorOf(request), request.params.activityId, request.body)),
  });
  app.put('/api/questionnaire-subjects/:subjectId', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['questionnaires'],
      summary: 'Replace a subject (course team)',
      params: SubjectParamsSchema,
      body: CreateQuestionnaireSubjectBodySchema,
      response: { 200: QuestionnaireSubjectSchema, ...errors },
    },
    handler: async (request) => updateQuestionnaireSubjectOf(app.deps, actorOf(request), request.params.subjectId, request.body),
  });
  app.delete('/api/questionnaire-subjects/:subjectId', {
    config: { action: 'activity.manage' },
    schema: { tags: ['questionnaires'], summary: 'Delete a subject (course team)', params: SubjectParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteQuestionnaireSubjectOf(app.deps, actorOf(request), request.params.subjectId);
      return reply.status(204).send(null);
    },
  });
  app.post('/api/questionnaires/:activityId/responses', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['questionnaires'],
      summary: 'Answer the questionnaire (once); 409 QUESTIONNAIRE_ANSWERED after that',
      params: QuestionnaireIdParamsSchema,
      body: SubmitQuestionnaireBodySchema,
      response: { 201: z.object({ submitted_at: z.string() }), ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await submitQuestionnaire(app.deps, actorOf(request), request.params.activityId, request.body)),
  });
  app.get('/api/questionnaires/:activityId/results', {
    config: { action: 'activity.open' },
    schema: {
      tags: ['questionnaires'],
      summary: 'Results per subject (course team; learners who answered when the questionnaire shows results)',
      params: QuestionnaireIdParamsSchema,
      response: { 200: QuestionnaireResultsSchema, ...errors },
    },
    handler: async (request) => questionnaireResults(app.deps, actorOf(request), request.params.activityId),
  });
  app.get('/api/questionnaires/:activityId/results/export', {
    config: { action: 'activity.manage' },
    schema: {
      tags: ['questionnaires'],
      summary: 'Every response as .xlsx or CSV (course team)',
      params: QuestionnaireIdParamsSchema,
      querystring: ScoreExportQuerySchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await exportQuestionnaire(app.deps, actorOf(request), request.params.activityId, request.query.format);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    },
  });
};
