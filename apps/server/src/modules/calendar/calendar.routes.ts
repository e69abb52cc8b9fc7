import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_ALERTS,
  CalendarAlertListSchema,
  CalendarEventBodySchema,
  CalendarEventListSchema,
  CalendarEventResponseSchema,
  CalendarFeedSchema,
  CalendarIdParamsSchema,
  CalendarUserCoursesSchema,
  CalendarWindowQuerySchema,
  CloudClassroomListSchema,
  type CalendarWindowQuery,
  type Meeting,
  CourseStudentsSchema,
  CreateTimetableBodySchema,
  DeleteTimetableBodySchema,
  ErrorBodySchema,
  ManagementMeetingFilterSchema,
  ManagementMeetingPageSchema,
  ManagementMeetingQuerySchema,
  MeetingBodySchema,
  MeetingListSchema,
  MeetingResponseSchema,
  MessageResponseSchema,
  TimetableListSchema,
  TimetableResponseSchema,
  UpdateCalendarEventBodySchema,
  UpdateMeetingBodySchema,
  UpdateTimetableBodySchema,
} from '@atrium/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { presentedResponse } from '../../lib/presented-response.js';
import { actorOf } from '../../plugins/auth.js';
import { acceptsGzip, calendarCacheOf, startCalendarListener, type Computed } from './calendar-cache.js';
import { courseStudents, userCalendarCourses } from './calendar-courses.service.js';
import { createEvent, deleteEvent, listEvents, updateEvent } from './events.service.js';
import { feedIcs, myFeed, revokeFeed, rotateFeed } from './feeds.service.js';
import { createMeeting, deleteMeeting, listMeetings, managementMeetings, managementMeetingsExcel, updateMeeting } from './meetings.service.js';
import { createTimetable, deleteTimetable, listTimetables, updateTimetable } from './timetables.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['calendar'];
const Params = CalendarIdParamsSchema;
/**
 * The page's window lists are built by typed presenters (checked at compile time against the
 * same contracts) and answered as JSON bytes from the calendar cache, so no zod response pass
 * runs (with 400 occurrences a week it cost more than the queries; decision 0020, speed).
 * The schemas still document the answers.
 */
const presented = presentedResponse;

/**
 * Answers one of the calendar page's window GETs from the calendar cache (calendar-cache.ts):
 * keyed by the user and what their visibility depends on (org, department, org role), the
 * route and the window as instants; the cached bytes go out as they are, gzipped when the
 * client accepts it and the answer is large enough.
 */
async function cachedWindow(
  deps: AppDeps,
  req: FastifyRequest,
  query: CalendarWindowQuery,
  reply: FastifyReply,
  compute: () => Promise<Computed>,
): Promise<FastifyReply> {
  const actor = actorOf(req);
  const route = req.routeOptions.url ?? req.url;
  const key = `${actor.id}|${actor.orgId}|${actor.departmentId ?? ''}|${actor.role}|${route}|${Date.parse(query.start)}|${Date.parse(query.end)}`;
  const answer = await calendarCacheOf(deps).answer(key, compute);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (answer.gzip && acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}

/** A meeting list stays true until the next start or end of one of its meetings (is_started, is_ended, editable change then; spec §4). */
function meetingsComputed(key: 'meetings' | 'cloud_classrooms', meetings: Meeting[]): Computed {
  const now = Date.now();
  let validUntil = Infinity;
  for (const m of meetings) {
    for (const iso of [m.start_time, m.end_time]) {
      const t = Date.parse(iso);
      if (t > now && t < validUntil) validUntil = t;
    }
  }
  return { value: { [key]: meetings }, validUntil };
}

/** Every call of spec §7 "Calendar", plus the private iCalendar feed (beyond the spec). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  let stopListening = async () => undefined as void;
  app.addHook('onReady', async () => {
    stopListening = await startCalendarListener(d);
  });
  app.addHook('onClose', async () => stopListening());

  // events
  app.get('/api/calendar-events', {
    config: { action: 'calendar.read' },
    ...presented,
    schema: { tags, summary: 'Events I see in a window', querystring: CalendarWindowQuerySchema, response: { 200: CalendarEventListSchema, ...errors } },
    handler: async (req, reply) => cachedWindow(d, req, req.query, reply, async () => ({ value: await listEvents(d, actorOf(req), req.query) })),
  });
  app.post('/api/calendar-events', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Create an event', body: CalendarEventBodySchema, response: { 200: CalendarEventResponseSchema, ...errors } },
    handler: async (req) => createEvent(d, actorOf(req), req.body),
  });
  app.put('/api/calendar-events/:id', {
    config: { action: 'calendar.write' },
    schema: {
      tags,
      summary: 'Edit an event, or move it (start and end only)',
      params: Params,
      body: UpdateCalendarEventBodySchema,
      response: { 200: CalendarEventResponseSchema, ...errors },
    },
    handler: async (req) => updateEvent(d, actorOf(req), req.params.id, req.body),
  });
  app.delete('/api/calendar-events/:id', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Delete an event', params: Params, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => deleteEvent(d, actorOf(req), req.params.id),
  });
  app.get('/api/calendar-alerts', {
    config: { action: 'calendar.read' },
    schema: { tags, summary: 'Alert choices (id 100 is the default)', response: { 200: CalendarAlertListSchema, ...errors } },
    handler: async () => ({ alerts: CALENDAR_ALERTS.map((a) => ({ ...a })) }),
  });
  app.get('/api/calendar-events/users/:id/courses', {
    config: { action: 'calendar.read' },
    schema: { tags, summary: 'Courses a user may address events to', params: Params, response: { 200: CalendarUserCoursesSchema, ...errors } },
    handler: async (req) => userCalendarCourses(d, actorOf(req), req.params.id),
  });
  app.get('/api/course/:id/students', {
    config: { action: 'course.see_members' },
    schema: { tags, summary: 'Students of a course (for event targets)', params: Params, response: { 200: CourseStudentsSchema, ...errors } },
    handler: async (req) => courseStudents(d, actorOf(req), req.params.id),
  });

  // timetables
  app.get('/api/calendar-timetables', {
    config: { action: 'calendar.read' },
    ...presented,
    schema: {
      tags,
      summary: 'Timetable occurrences of my courses in a window',
      querystring: CalendarWindowQuerySchema,
      response: { 200: TimetableListSchema, ...errors },
    },
    handler: async (req, reply) => cachedWindow(d, req, req.query, reply, async () => ({ value: await listTimetables(d, actorOf(req), req.query) })),
  });
  app.post('/api/calendar-timetables', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Create a timetable series', body: CreateTimetableBodySchema, response: { 200: TimetableResponseSchema, ...errors } },
    handler: async (req) => createTimetable(d, actorOf(req), req.body),
  });
  app.put('/api/calendar-timetables/:id', {
    config: { action: 'calendar.write' },
    schema: {
      tags,
      summary: 'Edit one occurrence or this and the following ones',
      params: Params,
      body: UpdateTimetableBodySchema,
      response: { 200: TimetableResponseSchema, ...errors },
    },
    handler: async (req) => updateTimetable(d, actorOf(req), req.params.id, req.body),
  });
  app.put('/api/calendar-timetables/:id/delete', {
    config: { action: 'calendar.write' },
    schema: {
      tags,
      summary: 'Delete one occurrence or this and the following ones',
      params: Params,
      body: DeleteTimetableBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => deleteTimetable(d, actorOf(req), req.params.id, req.body),
  });

  // meetings
  app.get('/api/calendar-meeting', {
    config: { action: 'calendar.read' },
    ...presented,
    schema: { tags, summary: 'Meetings I take part in, in a window', querystring: CalendarWindowQuerySchema, response: { 200: MeetingListSchema, ...errors } },
    handler: async (req, reply) =>
      cachedWindow(d, req, req.query, reply, async () => meetingsComputed('meetings', await listMeetings(d, actorOf(req), 'meeting', req.query))),
  });
  app.post('/api/calendar-meeting', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Create a meeting', body: MeetingBodySchema, response: { 200: MeetingResponseSchema, ...errors } },
    handler: async (req) => createMeeting(d, actorOf(req), req.body),
  });
  app.put('/api/calendar-meeting/:id', {
    config: { action: 'calendar.write' },
    schema: {
      tags,
      summary: 'Edit or move a meeting (spec §4 editability)',
      params: Params,
      body: UpdateMeetingBodySchema,
      response: { 200: MeetingResponseSchema, ...errors },
    },
    handler: async (req) => updateMeeting(d, actorOf(req), req.params.id, req.body),
  });
  app.delete('/api/calendar-meeting/:id', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Delete a meeting or cloud classroom', params: Params, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => deleteMeeting(d, actorOf(req), req.params.id),
  });
  app.get('/api/instruction-team/meeting', {
    config: { action: 'calendar.read' },
    ...presented,
    schema: { tags, summary: 'Instruction-team meetings in a window', querystring: CalendarWindowQuerySchema, response: { 200: MeetingListSchema, ...errors } },
    handler: async (req, reply) =>
      cachedWindow(d, req, req.query, reply, async () => meetingsComputed('meetings', await listMeetings(d, actorOf(req), 'instruction', req.query))),
  });
  app.get('/api/activity/cloud-classroom', {
    config: { action: 'calendar.read' },
    ...presented,
    schema: { tags, summary: 'Cloud classrooms in a window', querystring: CalendarWindowQuerySchema, response: { 200: CloudClassroomListSchema, ...errors } },
    handler: async (req, reply) =>
      cachedWindow(d, req, req.query, reply, async () =>
        meetingsComputed('cloud_classrooms', await listMeetings(d, actorOf(req), 'cloud_classroom', req.query)),
      ),
  });
  app.post('/api/management/calendar-meeting', {
    config: { action: 'calendar.review' },
    schema: {
      tags,
      summary: 'Meeting overview of the organisation (admins)',
      querystring: ManagementMeetingQuerySchema,
      body: ManagementMeetingFilterSchema.default({}),
      response: { 200: ManagementMeetingPageSchema, ...errors },
    },
    handler: async (req) => managementMeetings(d, actorOf(req), req.query.page, req.query.page_size, req.body),
  });
  app.post('/api/management/calendar-meeting/excel', {
    config: { action: 'calendar.review' },
    schema: { tags, summary: 'Meeting overview as an .xlsx workbook (admins)', body: ManagementMeetingFilterSchema.default({}) },
    handler: async (req, reply) => {
      const buffer = await managementMeetingsExcel(d, actorOf(req), req.body);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', 'attachment; filename="meetings.xlsx"')
        .send(buffer);
    },
  });

  // iCalendar feed (beyond the spec)
  app.get('/api/calendar-feed', {
    config: { action: 'calendar.read' },
    schema: { tags, summary: 'My private iCalendar feed URL (null when none)', response: { 200: CalendarFeedSchema, ...errors } },
    handler: async (req) => myFeed(d, actorOf(req)),
  });
  app.post('/api/calendar-feed', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Create or renew my iCalendar feed URL (the old one stops working)', response: { 200: z.object({ url: z.string() }), ...errors } },
    handler: async (req) => rotateFeed(d, actorOf(req)),
  });
  app.delete('/api/calendar-feed', {
    config: { action: 'calendar.write' },
    schema: { tags, summary: 'Revoke my iCalendar feed URL', response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => revokeFeed(d, actorOf(req)),
  });
  app.get('/api/calendar-feed/:file', {
    config: { action: 'token.use', auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'An iCalendar feed (RFC 5545), by its private token',
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,128}\.ics$/, 'a feed file name') }),
    },
    handler: async (req, reply) => {
      const body = await feedIcs(d, req.params.file.slice(0, -'.ics'.length));
      return reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Cache-Control', 'private, max-age=300').send(body);
    },
  });
};
