import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityForbiddenBodySchema,
  ActivityIdParamsSchema,
  ActivityPublishBodySchema,
  ActivityReadBodySchema,
  ActivityReadResponseSchema,
  ActivitySchema,
  CommentCountQuerySchema,
  CommentCountSchema,
  CompletionPopupSchema,
  ContentOrderBodySchema,
  CourseContentSchema,
  CreateActivityBodySchema,
  CreateModuleBodySchema,
  ErrorBodySchema,
  LearningModeBodySchema,
  MessageResponseSchema,
  ModuleSchema,
  NavSettingSchema,
  RecordUserReadsBodySchema,
  UpdateActivityBodySchema,
  UpdateModuleBodySchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { acknowledgeCompletionPopup } from '../progress/completion-popup.service.js';
import { commentCount, createActivity, deleteActivity, getActivity, publishActivity, readActivity, updateActivity } from './activities.service.js';
import { createModule, deleteModule, getContent, navSetting, recordUserReads, reorderContent, setLearningMode, updateModule } from './content.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
/** Calls that may answer the access-forbidden 403 with start_time / end_time. */
const viewErrors = { ...errors, 403: ActivityForbiddenBodySchema };
const tags = ['activities'];
const Params = ActivityIdParamsSchema;

/** Course content, modules and learning activities (issue 7; spec §2, §3, §4, §6, §7). */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;

  // content tree and course-level calls
  app.get('/api/courses/:id/content', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'The content tree with my completion and access', params: Params, response: { 200: CourseContentSchema, ...errors } },
    handler: async (req) => getContent(d, actorOf(req), req.params.id),
  });
  app.put('/api/courses/:id/content/order', {
    config: { action: 'course.manage_content' },
    schema: {
      tags,
      summary: 'The whole order of modules and activities (drag and drop)',
      params: Params,
      body: ContentOrderBodySchema,
      response: { 200: CourseContentSchema, ...errors },
    },
    handler: async (req) => reorderContent(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/courses/:id/learning-mode', {
    config: { action: 'course.set_learning_mode' },
    schema: {
      tags,
      summary: "The course's learning mode (spec §3)",
      params: Params,
      body: LearningModeBodySchema,
      response: { 200: LearningModeBodySchema, ...errors },
    },
    handler: async (req) => setLearningMode(d, actorOf(req), req.params.id, req.body.learning_mode),
  });
  app.post('/api/course/:id/record-user-reads', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'Record a course page read (spec §7)', params: Params, body: RecordUserReadsBodySchema, response: { 204: z.null(), ...errors } },
    handler: async (req, reply) => {
      await recordUserReads(d, actorOf(req), req.params.id, req.body.type);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/courses/:id/study-completeness/completion-popup', {
    config: { action: 'course.view' },
    schema: {
      tags,
      summary: 'I closed the 100 % completion popup: not shown to me again (spec §4; decision 0070)',
      params: Params,
      response: { 200: CompletionPopupSchema, ...errors },
    },
    handler: async (req) => acknowledgeCompletionPopup(d, actorOf(req), req.params.id),
  });
  app.get('/api/courses/:id/nav-setting', {
    config: { action: 'course.view' },
    schema: { tags, summary: 'Course navigation items (spec §7)', params: Params, response: { 200: NavSettingSchema, ...errors } },
    handler: async (req) => navSetting(d, actorOf(req), req.params.id),
  });

  // modules
  app.post('/api/courses/:id/modules', {
    config: { action: 'module.manage' },
    schema: { tags, summary: 'Add a module', params: Params, body: CreateModuleBodySchema, response: { 200: ModuleSchema, ...errors } },
    handler: async (req) => createModule(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/modules/:id', {
    config: { action: 'module.manage' },
    schema: { tags, summary: 'Edit a module', params: Params, body: UpdateModuleBodySchema, response: { 200: ModuleSchema, ...errors } },
    handler: async (req) => updateModule(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/modules/:id/publish', {
    config: { action: 'module.manage' },
    schema: { tags, summary: 'Publish or unpublish a module', params: Params, body: ActivityPublishBodySchema, response: { 200: ModuleSchema, ...errors } },
    handler: async (req) => updateModule(d, actorOf(req), req.params.id, { is_published: req.body.published }),
  });
  app.delete('/api/modules/:id', {
    config: { action: 'module.manage' },
    schema: { tags, summary: 'Delete a module and its activities', params: Params, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => deleteModule(d, actorOf(req), req.params.id),
  });

  // activities
  app.post('/api/courses/:id/activities', {
    config: { action: 'activity.manage' },
    schema: { tags, summary: 'Add an activity to a module', params: Params, body: CreateActivityBodySchema, response: { 200: ActivitySchema, ...errors } },
    handler: async (req) => createActivity(d, actorOf(req), req.params.id, req.body),
  });
  app.get('/api/activities/:id', {
    config: { action: 'activity.open' },
    schema: { tags, summary: 'Open an activity (403 with times when not open to me)', params: Params, response: { 200: ActivitySchema, ...viewErrors } },
    handler: async (req) => getActivity(d, actorOf(req), req.params.id),
  });
  app.put('/api/activities/:id', {
    config: { action: 'activity.manage' },
    schema: { tags, summary: 'Edit an activity', params: Params, body: UpdateActivityBodySchema, response: { 200: ActivitySchema, ...errors } },
    handler: async (req) => updateActivity(d, actorOf(req), req.params.id, req.body),
  });
  app.delete('/api/activities/:id', {
    config: { action: 'activity.manage' },
    schema: { tags, summary: 'Delete an activity', params: Params, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => deleteActivity(d, actorOf(req), req.params.id),
  });
  app.put('/api/activities/:id/publish', {
    config: { action: 'activity.manage' },
    schema: {
      tags,
      summary: 'Publish or unpublish an activity',
      params: Params,
      body: ActivityPublishBodySchema,
      response: { 200: ActivitySchema, ...errors },
    },
    handler: async (req) => publishActivity(d, actorOf(req), req.params.id, req.body.published),
  });
  app.post('/api/activities/:id/reads', {
    config: { action: 'activity.open' },
    schema: {
      tags,
      summary: 'I visited the activity or viewed a document page',
      params: Params,
      body: ActivityReadBodySchema,
      response: { 200: ActivityReadResponseSchema, ...viewErrors },
    },
    handler: async (req) => readActivity(d, actorOf(req), req.params.id, req.body),
  });
  app.get('/api/activities/:id/comment/count', {
    config: { action: 'question.read' },
    schema: {
      tags,
      summary:
        "Question count (spec §7): of one file with conditions {referrer_id: upload id, referrer_type: 'upload_reference', type: 'question'}, else of the activity; hidden questions count for the team only",
      params: Params,
      querystring: CommentCountQuerySchema,
      response: { 200: CommentCountSchema, ...errors },
    },
    handler: async (req) => commentCount(d, actorOf(req), req.params.id, req.query.conditions),
  });
};
