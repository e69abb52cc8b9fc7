import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { setUnauthorizedHandler } from '../lib/api-client';
import { lazyNamed } from '../lib/lazy-named';
import { RouteError } from './route-error';

// Every page is its own chunk, so /login loads only the shell and the login form.
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page'), 'LoginPage');
const AppShell = lazyNamed(() => import('./layouts/app-layout'), 'AppShell');
const UserIndexPage = lazyNamed(() => import('../features/courses/pages/user-index-page'), 'UserIndexPage');
const MyCoursesPage = lazyNamed(() => import('../features/courses/pages/my-courses-page'), 'MyCoursesPage');
const JoinCoursePage = lazyNamed(() => import('../features/courses/pages/join-course-page'), 'JoinCoursePage');
const CoursePage = lazyNamed(() => import('../features/courses/pages/course-page'), 'CoursePage');
const CourseHomePage = lazyNamed(() => import('../features/courses/pages/course-home-page'), 'CourseHomePage');
const ManagementLayout = lazyNamed(() => import('./layouts/management-layout'), 'ManagementLayout');
const ManagementOverviewPage = lazyNamed(() => import('../features/management/pages/management-overview-page'), 'ManagementOverviewPage');
const ManagementMeetingsPage = lazyNamed(() => import('../features/calendar/pages/management-meetings-page'), 'ManagementMeetingsPage');
const CalendarPage = lazyNamed(() => import('../features/calendar/pages/calendar-page'), 'CalendarPage');
const NotFoundPage = lazyNamed(() => import('./not-found-page'), 'NotFoundPage');

const CourseEnrollmentsPage = lazyNamed(() => import('../features/courses/pages/course-enrollments-page'), 'CourseEnrollmentsPage');
const CourseOutlinePage = lazyNamed(() => import('../features/courses/pages/course-outline-page'), 'CourseOutlinePage');
const ManagementCoursesPage = lazyNamed(() => import('../features/management/pages/management-courses-page'), 'ManagementCoursesPage');
const ManagementAuditPage = lazyNamed(() => import('../features/management/pages/management-audit-page'), 'ManagementAuditPage');
const CourseSectionPage = lazyNamed(() => import('../features/courses/pages/course-section-page'), 'CourseSectionPage');
const ManagementSectionPage = lazyNamed(() => import('../features/management/pages/management-section-page'), 'ManagementSectionPage');

function page(element: ReactNode) {
  return <Suspense fallback={<PageSpinner minHeight="60vh" />}>{element}</Suspense>;
}

const COURSE_SUBPAGES = ['content', 'outline', 'score', 'enrollments', 'warning', 'resource', 'forum'] as const;

/** The route table of the app (spec §2 routes of this release). */
export const routes: RouteObject[] = [
  { path: '/login', element: page(<LoginPage />), errorElement: <RouteError /> },
  {
    path: '/',
    element: page(<AppShell />),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/user/index" replace /> },
      { path: 'user/index', element: <UserIndexPage /> },
      { path: 'user/courses', element: <MyCoursesPage /> },
      { path: 'user/calendar', element: <CalendarPage /> },
      { path: 'course/join/:code', element: <JoinCoursePage /> },
      {
        path: 'course/:id',
        element: <CoursePage />,
        children: [
          { index: true, element: <CourseHomePage /> },
          { path: 'enrollments', element: <CourseEnrollmentsPage /> },
          { path: 'outline', element: <CourseOutlinePage /> },
          ...COURSE_SUBPAGES.filter((section) => section !== 'enrollments' && section !== 'outline').map((section) => ({ path: section, element: <CourseSectionPage section={section} /> })),
        ],
      },
      {
        path: 'management',
        element: <ManagementLayout />,
        children: [
          { index: true, element: <ManagementOverviewPage /> },
          { path: 'course', element: <ManagementCoursesPage /> },
          { path: 'course/audit', element: <ManagementAuditPage /> },
          { path: 'plan', element: <ManagementSectionPage section="plan" /> },
          { path: 'calendar-meeting', element: <ManagementMeetingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Builds the browser router and routes 401s through it (client-side navigation to /login?next=…). */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler((url) => void router.navigate(url, { replace: true }));
  return router;
}
