import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@atrium/contracts';
import { fastifyTrustProxy, type Config } from './config.js';
import type { Database } from './db/client.js';
import type { AppDeps } from './lib/deps.js';
import { startJobQueue } from './jobs/queue.js';
import { startWorkers } from './jobs/workers.js';
import { registerUploadParents, registerUploadProcessors } from './processors.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { coursesRoutes } from './modules/courses/courses.routes.js';
import { authCodesRoutes } from './modules/authcodes/authcodes.routes.js';
import { courseHeaderRoutes } from './modules/courses/course-header.routes.js';
import { courseManagementRoutes } from './modules/courses/course-management.routes.js';
import { eventsPlugin } from './modules/events/events.plugin.js';
import { enrolmentsRoutes } from './modules/enrolments/enrolments.routes.js';
import { invitesRoutes } from './modules/invites/invites.routes.js';
import { outboxPlugin } from './modules/outbox/outbox.plugin.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { blocksRoutes } from './modules/uploads/blocks.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { orgsRoutes } from './modules/orgs/orgs.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { activitiesRoutes } from './modules/activities/activities.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { inclassRoutes } from './modules/inclass/inclass.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { examsRoutes } from './modules/exams/exams.routes.js';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.js';
import { previewsRoutes } from './modules/previews/previews.routes.js';
import { externalPlayersRoutes } from './modules/previews/external-players.routes.js';
import { scormRoutes } from './modules/scorm/scorm.routes.js';
import { ScormContentServer } from './modules/scorm/scorm-content.js';
import { videoQuizzesRoutes } from './modules/video-quizzes/video-quizzes.routes.js';
import { homeworkRoutes } from './modules/homework/homework.routes.js';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { bulletinsRoutes } from './modules/bulletins/bulletins.routes.js';
import { entriesRoutes } from './modules/entries/entries.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { resourceGroupsRoutes } from './modules/resource-groups/resource-groups.routes.js';
import { forumRoutes } from './modules/forum/forum.routes.js';
import { questionsRoutes } from './modules/forum/questions.routes.js';
import { promptsRoutes } from './modules/prompts/prompts.routes.js';
import { courseResourcesRoutes } from './modules/course-resources/course-resources.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { embeddedStatsRoutes } from './modules/stats/stats.routes.js';
import { statQueriesRoutes } from './modules/stats/stat-queries.routes.js';
import { learningStatsRoutes } from './modules/stats/learning.routes.js';
import { teachingStatsRoutes } from './modules/stats/teaching.routes.js';
import { warningsRoutes } from './modules/warnings/warnings.routes.js';
import { connectorsRoutes } from './modules/connectors/connectors.routes.js';
import { plansRoutes } from './modules/orgs/plans.routes.js';
import { partnersRoutes } from './modules/partners/partners.routes.js';
import { ltiRoutes } from './modules/lti/lti.routes.js';
import { dingTalkRoutes } from './modules/dingtalk/dingtalk.routes.js';
import { authPlugin, requireRouteAction } from './plugins/auth.js';
import { crossSitePlugin } from './plugins/cross-site.js';
import { inputGuardsPlugin } from './plugins/input-guards.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { rateLimitedError, writeLimitsPlugin } from './plugins/write-limits.js';
import { docsCspDirectives, securityHeadersPlugin, serializeCsp } from './plugins/security-headers.js';
import { cleanUpAfterDeadServers } from './lib/process-scope.js';
import { requestScopeLoggerFactory } from './plugins/request-scope.js';
import type { ObjectStore } from './storage/object-store.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage: ObjectStore;
  /** Where pino writes (tests capture lines); default stdout. */
  logStream?: NodeJS.WritableStream;
}

/** The built web app: ATRIUM_WEB_DIST, else apps/web/dist beside this server. */
export function resolveWebDist(config: Config): string | undefined {
  const dir = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

function readVersion(webDist: string | undefined): string {
  if (webDist) {
    try {
      const { version } = JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version?: unknown };
      if (typeof version === 'string') return version;
    } catch {
      // no version.json: a development build
    }
  }
  return 'dev';
}

/** Adds `x-action` (the route's declared action) to every operation of the OpenAPI document. */
function withActions<D extends { paths?: object | undefined }>(document: D, actions: ReadonlyMap<string, string>): D {
  for (const [pathKey, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      const action = actions.get(`${method} ${pathKey}`);
      if (action && operation && typeof operation === 'object') (operation as Record<string, unknown>)['x-action'] = action;
    }
  }
  return document;
}

/**
 * Builds the Fastify instance: plugins, every domain's routes, OpenAPI at
 * /api/docs and the web app. Used by main.ts and by every route test.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, storage } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization'],
    },
    childLoggerFactory: requestScopeLoggerFactory,
    trustProxy: fastifyTrustProxy(config.trustProxy), // issue 20 §1: X-Forwarded-For only from the proxies TRUST_PROXY names
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerUploadProcessors();
  registerUploadParents();
  const webDist = resolveWebDist(config);
  const jobs = await startJobQueue(database, app.log, { pollSeconds: config.jobs.pollSeconds });
  const deps: AppDeps = { config, database, db: database.db, storage, jobs, log: app.log, version: readVersion(webDist) };
  app.decorate('deps', deps);
  let stopWorkers = () => undefined as void;
  app.addHook('onReady', async () => {
    void cleanUpAfterDeadServers(app.log); // issue 20 §9: a server killed before leaves no temp folders or tools behind
    stopWorkers = await startWorkers(deps);
  });
  app.addHook('onClose', async () => {
    stopWorkers();
    await jobs.stop();
  });

  // Issue 14 §1: every API route declares its action; the OpenAPI document lists it as `x-action`.
  const actionsByOperation = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const action = requireRouteAction(route);
    if (!action) return;
    const openapiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}'); // as @fastify/swagger names the path
    for (const method of [route.method].flat()) actionsByOperation.set(`${method.toLowerCase()} ${openapiPath}`, action);
  });

  await app.register(errorHandlerPlugin);
  // Issue 20 §3: package files are served only by a second listener (main.ts starts it), on another origin.
  const scormContent = new ScormContentServer(deps);
  app.decorate('scormContent', scormContent);
  app.addHook('onClose', () => scormContent.close());
  await app.register(securityHeadersPlugin, {
    hstsMaxAgeSeconds: config.hstsMaxAgeSeconds,
    scormFrameSource: (request) => scormContent.frameSourceFor(request.headers.host),
  }); // issue 20 §2: before every route
  await app.register(crossSitePlugin, { publicUrl: config.publicUrl });
  await app.register(inputGuardsPlugin);
  await app.register(cookie);
  await app.register(writeLimitsPlugin, { perMinute: config.writeRateLimitPerMinute });
  await app.register(rateLimit, { global: false, hook: 'preHandler', errorResponseBuilder: rateLimitedError });
  await app.register(swagger, {
    openapi: { info: { title: 'Atrium API', version: deps.version, description: 'The API of Atrium, an online learning management system' } },
    transform: jsonSchemaTransform,
    transformObject: (d) => withActions('openapiObject' in d ? d.openapiObject : d.swaggerObject, actionsByOperation),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: serializeCsp(docsCspDirectives()) });
  await app.register(authPlugin);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(coursesRoutes);
  await app.register(courseHeaderRoutes);
  await app.register(courseManagementRoutes);
  await app.register(enrolmentsRoutes);
  await app.register(invitesRoutes);
  await app.register(authCodesRoutes);
  await app.register(outboxPlugin);
  await app.register(eventsPlugin);
  await app.register(uploadsRoutes);
  await app.register(blocksRoutes);
  await app.register(calendarRoutes);
  await app.register(orgsRoutes);
  await app.register(importsRoutes);
  await app.register(activitiesRoutes);
  await app.register(liveRoutes);
  await app.register(inclassRoutes);
  await app.register(notesRoutes);
  await app.register(examsRoutes);
  await app.register(questionnairesRoutes);
  await app.register(homeworkRoutes);
  await app.register(gradebookRoutes);
  await app.register(notificationsRoutes);
  await app.register(bulletinsRoutes);
  await app.register(entriesRoutes);
  await app.register(libraryRoutes);
  await app.register(resourceGroupsRoutes);
  await app.register(forumRoutes);
  await app.register(questionsRoutes);
  await app.register(promptsRoutes);
  await app.register(mediaRoutes);
  await app.register(scormRoutes);
  await app.register(previewsRoutes);
  await app.register(externalPlayersRoutes);
  await app.register(videoQuizzesRoutes);
  await app.register(courseResourcesRoutes);
  await app.register(dashboardRoutes);
  await app.register(usersRoutes);
  await app.register(embeddedStatsRoutes);
  await app.register(statQueriesRoutes);
  await app.register(learningStatsRoutes);
  await app.register(teachingStatsRoutes);
  await app.register(warningsRoutes);
  await app.register(connectorsRoutes);
  await app.register(plansRoutes);
  await app.register(partnersRoutes);
  await app.register(ltiRoutes);
  await app.register(dingTalkRoutes);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      // Cache-Control is ours (setHeaders): send's own `public, max-age=0` would replace it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // The visitors' PDF viewer is a page of the web app under the anonymous prefix (spec §1 embedded pages).
    const isApi = /^\/(api|internal-api|anonymous-api|d)(\/|$)/.test(pathname) && pathname !== '/anonymous-api/pdf-viewer';
    if (webDist && request.method === 'GET' && !isApi) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { code: 'ROUTE_NOT_FOUND', message: `No route ${request.method} ${pathname}` };
    return reply.status(404).send(body);
  });

  return app;
}
