import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { QuestionnaireFullScreenPage } from './questionnaire-full-screen-page';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const activity = {
  id: 7,
  course_id: 2,
  module_id: 1,
  type: 'questionnaire',
  title: 'Course feedback',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'submitted',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: null,
  data: { anonymous: true },
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
};

/** Answers by path: the signed-in user, the course, its content (a learner's), the activity, a read and the questionnaire. */
function server(path: string, init?: RequestInit): Response {
  if (path === '/api/user') return jsonResponse(200, { id: 5, name: 'Student Two', user_name: 'student2' });
  if (path === '/api/courses/2') return jsonResponse(200, { id: 2, name: 'Introduction to Programming Languages' });
  if (path === '/api/courses/2/content') return jsonResponse(200, { can_edit: false, modules: [] });
  if (path === '/api/activities/7/reads' && init?.method === 'POST') return jsonResponse(200, { is_completed: false });
  if (path === '/api/activities/7') return jsonResponse(200, activity);
  if (path === '/api/questionnaires/7') {
    return jsonResponse(200, {
      activity_id: 7,
      title: 'Course feedback',
      anonymous: true,
      show_results: false,
      subjects: [{ id: 1, type: 'text', description: '<p>Anything else?</p>', is_required: false, sort: 1, multiline: true }],
      my_response: null,
    });
  }
  return jsonResponse(404, { code: 'NOT_FOUND', message: `no ${path}` });
}

describe('QuestionnaireFullScreenPage (spec §2 /course/{id}/learning-activity/full-screen#/questionnaire/{id})', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => server(String(input), init));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the questionnaire alone, with the course name and a way back, and records the visit', async () => {
    renderWithApp(<QuestionnaireFullScreenPage />, {
      route: '/course/2/learning-activity/full-screen#/questionnaire/7',
      path: '/course/:id/learning-activity/full-screen',
    });
    expect(await screen.findByText('Anything else?')).toBeInTheDocument();
    expect(screen.getByTestId('activity-title')).toHaveTextContent('Course feedback');
    expect(screen.getByTestId('anonymous-notice')).toBeInTheDocument();
    expect(await screen.findByText('Introduction to Programming Languages')).toBeInTheDocument();
    expect(screen.getByText('Back to the course').closest('a')).toHaveAttribute('href', '/course/2/content');
    expect(screen.getByTestId('exit-full-screen')).toHaveAttribute('href', '/course/2/learning-activity#/questionnaire/7');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/activities/7/reads' && init?.method === 'POST')).toBe(true),
    );
  });

  it('sends any other hash to the learning-activity page', async () => {
    renderWithApp(<QuestionnaireFullScreenPage />, {
      route: '/course/2/learning-activity/full-screen#/exam/7',
      path: '/course/:id/learning-activity/full-screen',
      extraRoutes: <Route path="/course/:id/learning-activity" element={<LocationProbe />} />,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/2/learning-activity#/exam/7'));
  });

  it('shows not found for a questionnaire of another course, and records no read of it (issue 20 §13)', async () => {
    renderWithApp(<QuestionnaireFullScreenPage />, {
      route: '/course/3/learning-activity/full-screen#/questionnaire/7',
      path: '/course/:id/learning-activity/full-screen',
    });
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByText('Anything else?')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/activities/7/reads' && init?.method === 'POST')).toBe(false);
  });
});
