import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivityForbiddenBodySchema,
  ActivityIdParamsSchema,
  CalendarLiveActivityListSchema,
  CalendarWindowQuerySchema,
  ErrorBodySchema,
  LiveActivityListSchema,
  LiveAttendancePageSchema,
  LiveAttendanceQuerySchema,
  LiveJoinRefusedBodySchema,
  LiveJoinResponseSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { calendarLiveActivities, joinLiveActivity, listLiveActivities, liveAttendance } from './live.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['live activities'];
const Params = ActivityIdParamsSchema;

/** Live activities (issue 24 item 1; spec §2 `/course/{id}/live-activities`; decision 0150). */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  app.get('/api/courses/:id/live-activities', {
    config: { action: 'course.view' },
    schema: {
      tags,
      summary: "The course's meeting and live activities with their status, by start",
      params: Params,
      response: { 200: LiveActivityListSchema, ...errors },
    },
    handler: async (req) => listLiveActivities(d, actorOf(req), req.params.id),
  });
  app.post('/api/activities/:id/join', {
    config: { action: 'activity.open' },
    schema: {
      tags,
      summary: 'Join a meeting: its address inside the join window, recording my attendance (409 LIVE_NOT_STARTED / LIVE_ENDED outside it)',
      params: Params,
      response: { 200: LiveJoinResponseSchema, ...errors, 403: ActivityForbiddenBodySchema, 409: LiveJoinRefusedBodySchema },
    },
    handler: async (req) => joinLiveActivity(d, actorOf(req), req.params.id),
  });
  app.get('/api/activities/:id/attendance', {
    config: { action: 'activity.manage' },
    schema: {
      tags,
      summary: "A meeting's attendance: the course's students with their joins (course team)",
      params: Params,
      querystring: LiveAttendanceQuerySchema,
      response: { 200: LiveAttendancePageSchema, ...errors },
    },
    handler: async (req) => liveAttendance(d, actorOf(req), req.params.id, req.query),
  });
  app.get('/api/calendar-live-activities', {
    config: { action: 'calendar.read' },
    schema: {
      tags: ['calendar'],
      summary: 'Meeting and live activities of my courses in a window',
      querystring: CalendarWindowQuerySchema,
      response: { 200: CalendarLiveActivityListSchema, ...errors },
    },
    handler: async (req) => calendarLiveActivities(d, actorOf(req), req.query),
  });
};
