import { Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../components/page-spinner';
import { setUnauthorizedHandler } from '../lib/api-client';
import { lazyNamed, lazyPreloadable, reloadForStaleChunk } from '../lib/lazy-named';
import { preloadCourse, preloadForumTopic, preloadShell } from './route-preload';
import { RouteError } from './route-error';
import { StatsPageViews } from './stats-page-views';
import { GUEST_ACTIVITY_ROUTE } from '../features/previews/lib/guest-path';
import { preloadEditorPdf } from '../features/pdf-editor/preload';

// Every page is its own chunk, so /login loads only the shell and the login form.
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page'), 'LoginPage');
const AppShell = lazyPreloadable(() => import('./layouts/app-layout'), 'AppShell');
const UserIndexPage = lazyNamed(() => import('../features/dashboard/pages/user-index-page'), 'UserIndexPage');
const MyCoursesPage = lazyNamed(() => import('../features/courses/pages/my-courses-page'), 'MyCoursesPage');
const StudiosPage = lazyNamed(() => import('../features/courses/pages/my-courses-page'), 'StudiosPage');
const ProjectsPage = lazyNamed(() => import('../features/courses/pages/my-courses-page'), 'ProjectsPage');
const LibraryPage = lazyNamed(() => import('../features/library/pages/library-page'), 'LibraryPage');
const ResourceGroupsPage = lazyNamed(() => import('../features/resource-groups/pages/resource-groups-page'), 'ResourceGroupsPage');
const SharedResourcePage = lazyNamed(() => import('../features/resource-groups/pages/shared-resource-page'), 'SharedResourcePage');
const TrackUserResourcePage = lazyNamed(() => import('../features/resource-groups/pages/track-user-resource-page'), 'TrackUserResourcePage');
const JoinCoursePage = lazyNamed(() => import('../features/courses/pages/join-course-page'), 'JoinCoursePage');
const CoursePage = lazyPreloadable(() => import('../features/courses/pages/course-page'), 'CoursePage');
const CourseHomePage = lazyNamed(() => import('../features/courses/pages/course-home-page'), 'CourseHomePage');
const ManagementLayout = lazyNamed(() => import('./layouts/management-layout'), 'ManagementLayout');
const ManagementOverviewPage = lazyNamed(() => import('../features/management/pages/management-overview-page'), 'ManagementOverviewPage');
const ManagementMeetingsPage = lazyNamed(() => import('../features/calendar/pages/management-meetings-page'), 'ManagementMeetingsPage');
const OrgSettingsPage = lazyNamed(() => import('../features/calendar/pages/org-settings-page'), 'OrgSettingsPage');
const LibrarySettingsPage = lazyNamed(() => import('../features/library/pages/library-settings-page'), 'LibrarySettingsPage');
const UserSettingsPage = lazyNamed(() => import('../features/auth/pages/user-settings-page'), 'UserSettingsPage');
const CalendarPage = lazyNamed(() => import('../features/calendar/pages/calendar-page'), 'CalendarPage');
const CourseImportPage = lazyNamed(() => import('../features/imports/pages/course-import-page'), 'CourseImportPage');
const ImportReportPage = lazyNamed(() => import('../features/imports/pages/import-report-page'), 'ImportReportPage');
const PdfViewerPage = lazyNamed(() => import('../features/previews/pages/pdf-viewer-page'), 'PdfViewerPage');
const GuestActivityPage = lazyNamed(() => import('../features/previews/pages/guest-activity-page'), 'GuestActivityPage');
const CertificateVerifyPage = lazyNamed(() => import('../features/gradebook/pages/certificate-verify-page'), 'CertificateVerifyPage');
const NotificationsPage = lazyNamed(() => import('../features/notifications/pages/notifications-page'), 'NotificationsPage');
const BulletinListPage = lazyNamed(() => import('../features/bulletins/pages/bulletin-list-page'), 'BulletinListPage');
const VerifyEmailPage = lazyNamed(() => import('../features/prompts/pages/verify-email-page'), 'VerifyEmailPage');
const NotFoundPage = lazyNamed(() => import('./not-found-page'), 'NotFoundPage');

const CourseEnrollmentsPage = lazyNamed(() => import('../features/courses/pages/course-enrollments-page'), 'CourseEnrollmentsPage');
const CourseOutlinePage = lazyNamed(() => import('../features/courses/pages/course-outline-page'), 'CourseOutlinePage');
const ManagementCoursesPage = lazyNamed(() => import('../features/management/pages/management-courses-page'), 'ManagementCoursesPage');
const ManagementAuditPage = lazyNamed(() => import('../features/management/pages/management-audit-page'), 'ManagementAuditPage');
const CourseSectionPage = lazyNamed(() => import('../features/courses/pages/course-section-page'), 'CourseSectionPage');
const CourseScorePage = lazyNamed(() => import('../features/gradebook/pages/course-score-page'), 'CourseScorePage');
const CourseContentPage = lazyNamed(() => import('../features/activities/pages/course-content-page'), 'CourseContentPage');
const LearningActivityPage = lazyNamed(() => import('../features/activities/pages/learning-activity-page'), 'LearningActivityPage');
const PlanPage = lazyNamed(() => import('../features/plans/pages/plan-page'), 'PlanPage');
const PlanRequestsPage = lazyNamed(() => import('../features/plans/pages/plan-requests-page'), 'PlanRequestsPage');
const InclassPage = lazyNamed(() => import('../features/inclass/pages/inclass-page'), 'InclassPage');
const LiveActivitiesPage = lazyNamed(() => import('../features/live/pages/live-activities-page'), 'LiveActivitiesPage');
const CourseForumPage = lazyPreloadable(() => import('../features/forum/pages/course-forum-page'), 'CourseForumPage');
const CourseResourcesPage = lazyNamed(() => import('../features/course-resources/pages/course-resources-page'), 'CourseResourcesPage');
const TeachingTeamPage = lazyNamed(() => import('../features/forum/pages/teaching-team-page'), 'TeachingTeamPage');
const GroupSetPage = lazyNamed(() => import('../features/forum/pages/group-set-page'), 'GroupSetPage');
const QuestionnaireFullScreenPage = lazyNamed(() => import('../features/questionnaires/pages/questionnaire-full-screen-page'), 'QuestionnaireFullScreenPage');
const CourseWarningPage = lazyNamed(() => import('../features/warnings/pages/course-warning-page'), 'CourseWarningPage');
const LearningProgressPage = lazyNamed(() => import('../features/warnings/pages/learning-progress-page'), 'LearningProgressPage');
const TeachingStatsPage = lazyNamed(() => import('../features/teaching-stats/pages/teaching-stats-page'), 'TeachingStatsPage');

/**
 * A route whose component the router loads before rendering it (react-router's route `lazy`), instead of
 * React.lazy under Suspense: React shows a revealed Suspense boundary no sooner than 300 ms after its
 * fallback, which a page loaded cold waited for. A chunk that fails to load reloads the page once, as lazyNamed does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type flows through M[K]
function lazyRoute<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: () =>
      load().then(
        (module) => ({ Component: module[name] }),
        (error: unknown) => {
          if (reloadForStaleChunk()) return new Promise<never>(() => {});
          throw error;
        },
      ),
    hydrateFallbackElement: <PageSpinner minHeight="60vh" />,
  };
}

function page(element: ReactNode) {
  return <Suspense fallback={<PageSpinner minHeight="60vh" />}>{element}</Suspense>;
}

/** The app's query client, for the loaders' preloads (set by createAppRouter; none in tests that use `routes` alone). */
let preloadClient: QueryClient | null = null;

/**
 * Loaders that start a page's first data (route-preload.ts, in the entry chunk: the requests leave as the
 * router starts, not after a chunk) and its chunk as navigation starts, where they would otherwise load
 * one after the other as each lazy component renders: shell → course page → forum page → topic. Each
 * answers (null) once its page's chunk is in (or failed: the page's lazy load then shows the error), so
 * the router draws the shell, the course and the forum in one render, none of them suspending (React
 * would show each level's fallback and reveal it no sooner than 300 ms later). The data is not waited for.
 */
const noData = () => null;
const preload = {
  shell: () => {
    if (preloadClient) preloadShell(preloadClient);
    return AppShell.preload().then(noData, noData);
  },
  course: ({ params }: LoaderFunctionArgs) => {
    if (preloadClient) preloadCourse(preloadClient, Number(params.id));
    return CoursePage.preload().then(noData, noData);
  },
  forum: ({ request }: LoaderFunctionArgs) => {
    // The hash is not in the request: read it only when the address is already the page's (a first load).
    if (preloadClient && new URL(request.url).pathname === window.location.pathname) preloadForumTopic(preloadClient, window.location.hash);
    return CourseForumPage.preload().then(noData, noData);
  },
};

const COURSE_SUBPAGES = ['content', 'outline', 'score', 'enrollments', 'warning', 'resource', 'forum'] as const;

/** The pages of the app (spec §2 routes of this release), each under the statistics root below. */
const pages: RouteObject[] = [
  { path: '/login', element: page(<LoginPage />), errorElement: <RouteError /> },
  // Embedded viewers (spec §2): no app shell; the signed `file` URL carries the access.
  { path: '/note-bene/pdf-viewer', element: page(<PdfViewerPage />), errorElement: <RouteError /> },
  { path: '/anonymous-api/pdf-viewer', element: page(<PdfViewerPage />), errorElement: <RouteError /> },
  // The visitor page of an activity (spec §6): public, outside the signed-in shell (AppShell is the guard).
  { path: GUEST_ACTIVITY_ROUTE, element: page(<GuestActivityPage />), errorElement: <RouteError /> },
  // E-mail verification link (issue 17 §4): public, the signed token is the proof.
  { path: '/user/verify-email', element: page(<VerifyEmailPage />), errorElement: <RouteError /> },
  // Certificate verification (issue 16 §4): public, anyone with a code.
  { path: '/guest/certificates/verify/:code?', element: page(<CertificateVerifyPage />), errorElement: <RouteError /> },
  // The PDF editor (spec §2 `/pdf/editor`): full screen, signed in (the page has its own RequireAuth), no app shell.
  // Its loader starts pdf.js and its worker while the page's chunk loads.
  {
    path: '/pdf/editor',
    ...lazyRoute(() => import('../features/pdf-editor/pages/pdf-editor-page'), 'PdfEditorPage'),
    loader: ({ request }) => {
      preloadEditorPdf(new URL(request.url).search);
      return null;
    },
    errorElement: <RouteError />,
  },
  // The full-screen questionnaire (spec §2 `#/questionnaire/{id}`): signed in, without the site and course headers.
  { path: '/course/:id/learning-activity/full-screen', element: page(<QuestionnaireFullScreenPage />), errorElement: <RouteError /> },
  // In-class mode (spec §2, opened in a new window): signed in, without the site and course headers.
  { path: '/inclass/courses/:courseId', element: page(<InclassPage />), errorElement: <RouteError /> },
  {
    path: '/',
    element: page(<AppShell />),
    loader: preload.shell,
    hydrateFallbackElement: <PageSpinner minHeight="60vh" />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/user/index" replace /> },
      { path: 'user/index', element: <UserIndexPage /> },
      { path: 'user/courses', element: <MyCoursesPage /> },
      // Spec §2: studios (course type 7) and projects (course type 8), each its own list and creation.
      { path: 'user/studios', element: <StudiosPage /> },
      { path: 'user/project', element: <ProjectsPage /> },
      { path: 'user/calendar', element: <CalendarPage /> },
      { path: 'user/settings', element: <UserSettingsPage /> },
      { path: 'user/notifications', element: <NotificationsPage /> },
      // My library (issue 19 §1, decision 0132).
      { path: 'user/library', element: <LibraryPage /> },
      // Resource groups and sharing (issue 19 §2, decision 0134).
      { path: 'user/resource-groups', element: <ResourceGroupsPage /> },
      { path: 'vtrs/:id', element: <SharedResourcePage /> },
      { path: 'shared-resource/user/:userId/track-user-resource', element: <TrackUserResourcePage /> },
      // Spec §2 `/bulletin-list/?type=org|course` (optionally `&bulletin_id=`).
      { path: 'bulletin-list', element: <BulletinListPage /> },
      // Spec §2 `/wg-admin/request`: the platform operator decides organisations' plan requests (issue 24 item 3).
      { path: 'wg-admin/request', element: <PlanRequestsPage /> },
      { path: 'course/join/:code', element: <JoinCoursePage /> },
      {
        path: 'course/:id',
        element: <CoursePage />,
        loader: preload.course,
        hydrateFallbackElement: <PageSpinner minHeight="60vh" />,
        children: [
          { index: true, element: <CourseHomePage /> },
          { path: 'enrollments', element: <CourseEnrollmentsPage /> },
          { path: 'outline', element: <CourseOutlinePage /> },
          { path: 'import', element: <CourseImportPage /> },
          { path: 'imports/:importId', element: <ImportReportPage /> },
          { path: 'content', element: <CourseContentPage /> },
          { path: 'score', element: <CourseScorePage /> },
          { path: 'learning-activity', element: <LearningActivityPage /> },
          { path: 'live-activities', element: <LiveActivitiesPage /> },
          // Forum (issue 18; spec §2): the course forum, the team's space (`#/forum/{id}`, `#/meeting/{id}`), group topics (`#/topics/{id}?groupId=`).
          { path: 'forum', element: <CourseForumPage />, loader: preload.forum, hydrateFallbackElement: <PageSpinner minHeight="60vh" /> },
          // Course resources (issue 19 §3; spec §2 `/course/{id}/resource`): every file of the course by folder.
          { path: 'resource', element: <CourseResourcesPage /> },
          { path: 'teaching-team', element: <TeachingTeamPage /> },
          { path: 'group-set', element: <GroupSetPage /> },
          // Early warning (issue 25 item 4; spec §2 `/course/{id}/warning`): flagged students with the reasons, and the course's rules.
          { path: 'warning', element: <CourseWarningPage /> },
          ...COURSE_SUBPAGES.filter(
            (section) =>
              section !== 'enrollments' &&
              section !== 'outline' &&
              section !== 'content' &&
              section !== 'score' &&
              section !== 'forum' &&
              section !== 'resource' &&
              section !== 'warning',
          ).map((section) => ({
            path: section,
            element: <CourseSectionPage section={section} />,
          })),
        ],
      },
      {
        path: 'management',
        element: <ManagementLayout />,
        children: [
          { index: true, element: <ManagementOverviewPage /> },
          { path: 'course', element: <ManagementCoursesPage /> },
          { path: 'course/audit', element: <ManagementAuditPage /> },
          { path: 'plan', element: <PlanPage /> },
          { path: 'calendar-meeting', element: <ManagementMeetingsPage /> },
          { path: 'org-settings', element: <OrgSettingsPage /> },
          { path: 'library-settings', element: <LibrarySettingsPage /> },
          // Spec §2 `/management/learning-statistics/learning-progress#/{courseId}/alert-list` (issue 25 item 4).
          { path: 'learning-statistics/learning-progress', element: <LearningProgressPage /> },
          // Teaching statistics and the research export (issue 25 item 5).
          { path: 'learning-statistics/teaching', element: <TeachingStatsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table of the app: every page under one pathless root that reports each address to the statistics
 * (StatsPageViews: the signed-in pages and the public ones alike) and renders the page.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <StatsPageViews />
        <Outlet />
      </>
    ),
    children: pages,
  },
];

/** Builds the browser router and routes 401s through it (client-side navigation to /login?next=…). */
export function createAppRouter(queryClient?: QueryClient) {
  preloadClient = queryClient ?? null;
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler((url) => void router.navigate(url, { replace: true }));
  return router;
}
