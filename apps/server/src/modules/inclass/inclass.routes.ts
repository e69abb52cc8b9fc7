import contentDisposition from 'content-disposition';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivityIdParamsSchema,
  CheckinBodySchema,
  CheckinResponseSchema,
  ErrorBodySchema,
  InclassActionBodySchema,
  InclassOverviewSchema,
  InclassPickSchema,
  InclassPollIdParamsSchema,
  InclassPollSchema,
  InclassReportBodySchema,
  InclassReportSchema,
  InclassRollcallIdParamsSchema,
  InclassRollcallSchema,
  InclassSessionIdParamsSchema,
  InclassSessionListQuerySchema,
  InclassSessionListSchema,
  InclassSessionSchema,
  InclassStartRefusedBodySchema,
  InclassSubjectListQuerySchema,
  InclassSubjectListSchema,
  PickBodySchema,
  PollAnswerBodySchema,
  PollAnswerResponseSchema,
  StartPollBodySchema,
  StartRollcallBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { inclassHubOf, type InclassConnection } from './inclass.stream.js';
import {
  answerPoll,
  checkIn,
  closePoll,
  closeRollcall,
  finishSession,
  getSession,
  inclassOverview,
  inclassReport,
  inclassReportFile,
  listInclassSubjects,
  listSessions,
  pickStudent,
  recordAction,
  startPoll,
  startRollcall,
  startSession,
} from './inclass.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['in-class'];
const CourseParams = z.object({ id: z.coerce.number().int().positive() });

/** In-class mode (issue 24 item 2; spec §2 `/inclass/courses/{courseId}`, §7 `POST /api/course/{id}/inclass-report`; decision 0155). */
export const inclassRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  const hub = inclassHubOf(d);
  const streams = new Set<InclassConnection>();
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.close();
  });
  app.addHook('onClose', async () => hub.stop());

  app.get('/api/courses/:id/inclass', {
    config: { action: 'course.view' },
    schema: {
      tags,
      summary: 'What the in-class window opens on: the classrooms (team) and the running session',
      params: CourseParams,
      response: { 200: InclassOverviewSchema, ...errors },
    },
    handler: async (req) => inclassOverview(d, actorOf(req), req.params.id),
  });
  app.get('/api/courses/:id/inclass-sessions', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: "The course's in-class sessions, newest first (course team)",
      params: CourseParams,
      querystring: InclassSessionListQuerySchema,
      response: { 200: InclassSessionListSchema, ...errors },
    },
    handler: async (req) => listSessions(d, actorOf(req), req.params.id, req.query),
  });
  app.get('/api/courses/:id/inclass-subjects', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: "The course's exam subjects a quick question may copy (course team)",
      params: CourseParams,
      querystring: InclassSubjectListQuerySchema,
      response: { 200: InclassSubjectListSchema, ...errors },
    },
    handler: async (req) => listInclassSubjects(d, actorOf(req), req.params.id, req.query),
  });
  app.post('/api/course/:id/inclass-report', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: 'The in-class report of one session: attendance and answers per student (json, or a csv / xlsx download)',
      params: CourseParams,
      body: InclassReportBodySchema,
      response: { 200: InclassReportSchema.or(z.any()), ...errors },
    },
    handler: async (req, reply) => {
      const report = await inclassReport(d, actorOf(req), req.params.id, req.body.session_id);
      if (req.body.format === 'json') return report;
      const file = await inclassReportFile(report, req.body.format);
      return reply.header('Content-Type', file.contentType).header('Content-Disposition', contentDisposition(file.fileName)).send(file.bytes);
    },
  });
  app.post('/api/activities/:id/inclass-sessions', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: 'Start an in-class session of a classroom activity (409 INCLASS_SESSION_RUNNING while the course runs one)',
      params: ActivityIdParamsSchema,
      response: { 200: InclassSessionSchema, ...errors, 409: InclassStartRefusedBodySchema },
    },
    handler: async (req) => startSession(d, actorOf(req), req.params.id),
  });
  app.get('/api/inclass-sessions/:sessionId', {
    config: { action: 'inclass.take' },
    schema: {
      tags,
      summary: 'An in-class session as the caller may see it',
      params: InclassSessionIdParamsSchema,
      response: { 200: InclassSessionSchema, ...errors },
    },
    handler: async (req) => getSession(d, actorOf(req), req.params.sessionId),
  });
  app.post('/api/inclass-sessions/:sessionId/end', {
    config: { action: 'inclass.run' },
    schema: { tags, summary: 'End the session', params: InclassSessionIdParamsSchema, response: { 200: InclassSessionSchema, ...errors } },
    handler: async (req) => finishSession(d, actorOf(req), req.params.sessionId),
  });
  app.post('/api/inclass-sessions/:sessionId/rollcalls', {
    config: { action: 'inclass.run' },
    schema: {
      tags,
      summary: 'Start a roll call (code or QR code, late rule)',
      params: InclassSessionIdParamsSchema,
      body: StartRollcallBodySchema,
      response: { 200: InclassRollcallSchema, ...errors },
    },
    handler: async (req) => startRollcall(d, actorOf(req), req.params.sessionId, req.body),
  });
  app.post('/api/inclass-rollcalls/:rollcallId/close', {
    config: { action: 'inclass.run' },
    schema: { tags, summary: 'Close a roll call', params: InclassRollcallIdParamsSchema, response: { 200: InclassRollcallSchema, ...errors } },
    handler: async (req) => closeRollcall(d, actorOf(req), req.params.rollcallId),
  });
  app.post('/api/inclass-sessions/:sessionId/checkin', {
    config: { action: 'inclass.take' },
    schema: {
      tags,
      summary: "Check in to the open roll call with its code (the course's students)",
      params: InclassSessionIdParamsSchema,
      body: CheckinBodySchema,
      response: { 200: CheckinResponseSchema, ...errors },
    },
    handler: async (req) => checkIn(d, actorOf(req), req.params.sessionId, req.body.code),
  });
  app.post('/api/inclass-sessions/:sessionId/polls', {
    config: { action: 'inclass.run' },
    schema: {
      tags,
      summary: 'Ask a quick question or a poll (an exam subject of the course, or one written here)',
      params: InclassSessionIdParamsSchema,
      body: StartPollBodySchema,
      response: { 200: InclassPollSchema, ...errors },
    },
    handler: async (req) => startPoll(d, actorOf(req), req.params.sessionId, req.body),
  });
  app.post('/api/inclass-polls/:pollId/close', {
    config: { action: 'inclass.run' },
    schema: { tags, summary: 'Close a question or poll', params: InclassPollIdParamsSchema, response: { 200: InclassPollSchema, ...errors } },
    handler: async (req) => closePoll(d, actorOf(req), req.params.pollId),
  });
  app.post('/api/inclass-polls/:pollId/answers', {
    config: { action: 'inclass.take' },
    schema: {
      tags,
      summary: "Answer the open question or poll (the course's students; a new answer replaces the last)",
      params: InclassPollIdParamsSchema,
      body: PollAnswerBodySchema,
      response: { 200: PollAnswerResponseSchema, ...errors },
    },
    handler: async (req) => answerPoll(d, actorOf(req), req.params.pollId, req.body.answer),
  });
  app.post('/api/inclass-sessions/:sessionId/picks', {
    config: { action: 'inclass.run' },
    schema: {
      tags,
      summary: 'Pick a learner at random (among those checked in, or all)',
      params: InclassSessionIdParamsSchema,
      body: PickBodySchema,
      response: { 200: InclassPickSchema, ...errors },
    },
    handler: async (req) => pickStudent(d, actorOf(req), req.params.sessionId, req.body.among),
  });
  app.post('/api/inclass-sessions/:sessionId/actions', {
    config: { action: 'inclass.take' },
    schema: {
      tags,
      summary: 'Record that the learner left the page or came back (spec §6 inclass.user_action_track)',
      params: InclassSessionIdParamsSchema,
      body: InclassActionBodySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (req, reply) => {
      await recordAction(d, actorOf(req), req.params.sessionId, req.body.action);
      return reply.code(204).send(null);
    },
  });
  app.get('/api/inclass-sessions/:sessionId/stream', {
    config: { action: 'inclass.take' },
    schema: {
      tags,
      summary:
        'Server-Sent Events of the session: `ready`, then `checkin`, `answer`, `action` (the course team) and `state` ({reason}: read the session again; everyone), `: heartbeat` comments',
      params: InclassSessionIdParamsSchema,
      response: { 200: z.any(), ...errors },
    },
    handler: async (req, reply) => {
      const grant = await authorize(d, actorOf(req), 'inclass.take', { sessionId: req.params.sessionId });
      reply.hijack();
      const stream = hub.open(grant.session.id, grant.isTeam, reply.raw);
      streams.add(stream);
      reply.raw.on('close', () => {
        hub.remove(stream);
        streams.delete(stream);
      });
    },
  });
};
