import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import type { Certificate, CertificateRule, CertificationScores, Gradebook } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseScorePage } from './course-score-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

const ITEMS: Gradebook['items'] = [
  { activity_id: 7, title: 'Midterm', type: 'exam', max_score: 20, weight: 1, category_id: null, published: true, published_at: '2099-01-05T10:00:00.000Z' },
  { activity_id: 9, title: 'Essay', type: 'homework', max_score: 100, weight: 2, category_id: null, published: true, published_at: '2099-01-06T10:00:00.000Z' },
];

const teamBook: Gradebook = {
  items: ITEMS,
  categories: [],
  rows: [{ user_id: 5, name: 'Student Two', user_no: 'S002', scores: { '7': 15, '9': 87 }, total: 82.5 }],
  can_manage: true,
};

const learnerBook: Gradebook = {
  items: ITEMS,
  categories: [],
  rows: [{ user_id: 5, name: 'Student Two', user_no: 'S002', scores: { '7': 18, '9': null }, total: 90 }],
  can_manage: false,
};

const certificate: Certificate = {
  id: 31,
  course_id: 2,
  course_title: 'CS101',
  user_id: 5,
  user_name: 'Student Two',
  code: 'ABCD-EFGH-JKLM',
  total: 82.5,
  issued_at: '2099-01-05T10:00:00.000Z',
  pdf_url: '/api/certificates/31/pdf',
};

/** The signed-in user keeps their own zone (decision 0020): times show in Europe/London whatever the browser's zone. */
const me = { id: 5, time_zone: 'Europe/London' };

function renderScorePage() {
  return renderWithApp(<></>, {
    route: '/course/2/score',
    path: '/nothing',
    extraRoutes: (
      <Route path="/course/:id" element={<Outlet context={{ id: 2, name: 'CS101' }} />}>
        <Route path="score" element={<CourseScorePage />} />
      </Route>
    ),
  });
}

describe('course certificates on the gradebook page (issue 16 §4)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('the team enables the rule at 75 % with Essay required and sees the certificates issued', async () => {
    let rule: CertificateRule = { course_id: 2, enabled: false, pass_total: 60, required_activity_ids: [] };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/user') return jsonResponse(200, me);
      if (url === '/api/courses/2/scores') return jsonResponse(200, teamBook);
      if (url === '/api/courses/2/certificate-rule' && init?.method === 'PUT') {
        rule = { course_id: 2, ...(JSON.parse(String(init.body)) as Omit<CertificateRule, 'course_id'>) };
        return jsonResponse(200, rule);
      }
      if (url === '/api/courses/2/certificate-rule') return jsonResponse(200, rule);
      if (url === '/api/certifications?course_id=2') return jsonResponse(200, { items: [certificate] });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScorePage();
    await user.click(await screen.findByRole('button', { name: /Certificate/ }));
    const drawer = await screen.findByTestId('certificate-drawer');
    const issued = await within(drawer).findByTestId('issued-certificates');
    const row = within(issued).getByText('Student Two').closest('tr')!;
    expect(row).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(row).toHaveTextContent('82.5%');
    await waitFor(() => expect(row).toHaveTextContent('2099.01.05 10:00'));
    expect(within(row).getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/certificates/31/pdf');

    await user.click(await within(drawer).findByRole('switch', { name: 'Issue certificates' }));
    const pass = within(drawer).getByRole('spinbutton', { name: 'Pass total' });
    await user.clear(pass);
    await user.type(pass, '75');
    await user.click(within(drawer).getByRole('combobox', { name: 'Required activities' }));
    // antd draws each option as a div titled by the option's `title` (the activity's title).
    await user.click((await screen.findAllByTitle('Essay')).find((el) => el.classList.contains('ant-select-item-option'))!);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/api/courses/2/certificate-rule')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/courses/2/certificate-rule')[0])).toEqual({ enabled: true, pass_total: 75, required_activity_ids: [9] });
    expect(await screen.findByText('Certificate rule saved')).toBeInTheDocument();
  });

  it('the server refusing a required activity shows its message on that field', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, teamBook);
      if (url === '/api/courses/2/certificate-rule' && init?.method === 'PUT')
        return jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Not graded activities of this course: 12',
          errors: { required_activity_ids: ['Not graded activities of this course: 12'] },
        });
      if (url === '/api/courses/2/certificate-rule') return jsonResponse(200, { course_id: 2, enabled: true, pass_total: 60, required_activity_ids: [7, 12] });
      if (url === '/api/certifications?course_id=2') return jsonResponse(200, { items: [] });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScorePage();
    await user.click(await screen.findByRole('button', { name: /Certificate/ }));
    const drawer = await screen.findByTestId('certificate-drawer');
    expect(await within(drawer).findByText('No certificates have been issued yet.')).toBeInTheDocument();
    expect(await within(drawer).findByText('Activity 12 (no longer graded)')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', '/api/courses/2/certificate-rule')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/courses/2/certificate-rule')[0])).toEqual({ enabled: true, pass_total: 60, required_activity_ids: [7, 12] });
    const field = within(drawer).getByRole('combobox', { name: 'Required activities' }).closest('.ant-form-item')!;
    expect(await within(field as HTMLElement).findByText('Not graded activities of this course: 12')).toBeInTheDocument();
    expect(within(drawer).getByRole('spinbutton', { name: 'Pass total' }).closest('.ant-form-item')).not.toHaveTextContent('Not graded');
  });

  it('a learner checks their certificate and sees the required activity still without a published score', async () => {
    const standing: CertificationScores = { course_id: 2, total: 90, pass_total: 80, missing_activity_ids: [9], eligible: false, certificate: null };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, learnerBook);
      if (url === '/api/certifications') return jsonResponse(200, { items: [] });
      if (url === '/api/user/course-certification/scores' && init?.method === 'PUT') return jsonResponse(200, standing);
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderScorePage();
    const card = await screen.findByTestId('certificate-card');
    await user.click(await within(card).findByRole('button', { name: /Check my certificate/ }));
    const result = await within(card).findByTestId('certificate-check');
    expect(bodyOf(calls('PUT', '/api/user/course-certification/scores')[0])).toEqual({ course_id: 2 });
    expect(result).toHaveTextContent('Your course total is 90%; the pass total is 80%.');
    expect(result).not.toHaveTextContent('You have not reached it yet.');
    expect(within(result).getByRole('listitem')).toHaveTextContent('Essay');
    expect(within(card).queryByRole('link', { name: /Download PDF/ })).toBeNull();
  });

  it('a learner of a course without a certificate is told so', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, learnerBook);
      if (url === '/api/certifications') return jsonResponse(200, { items: [] });
      if (url === '/api/user/course-certification/scores' && init?.method === 'PUT')
        return jsonResponse(200, { course_id: 2, total: 90, pass_total: null, missing_activity_ids: [], eligible: false, certificate: null });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderScorePage();
    await user.click(await screen.findByRole('button', { name: /Check my certificate/ }));
    expect(await screen.findByTestId('certificate-check')).toHaveTextContent('There is no certificate for this course.');
  });

  it('an eligible check shows the certificate issued', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/courses/2/scores') return jsonResponse(200, learnerBook);
      if (url === '/api/certifications') return jsonResponse(200, { items: [] });
      if (url === '/api/user/course-certification/scores' && init?.method === 'PUT')
        return jsonResponse(200, { course_id: 2, total: 90, pass_total: 80, missing_activity_ids: [], eligible: true, certificate });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderScorePage();
    await user.click(await screen.findByRole('button', { name: /Check my certificate/ }));
    const mine = await screen.findByTestId('my-certificate');
    expect(mine).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(within(mine).getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/certificates/31/pdf');
  });

  it('a learner who holds the certificate sees its date in their zone, its code and the download link', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/user') return jsonResponse(200, me);
      if (url === '/api/courses/2/scores') return jsonResponse(200, learnerBook);
      if (url === '/api/certifications') return jsonResponse(200, { items: [{ ...certificate, id: 40, course_id: 3, code: 'OTHR-OTHR-OTHR' }, certificate] });
      return jsonResponse(404, {});
    });
    renderScorePage();
    const mine = await screen.findByTestId('my-certificate');
    expect(mine).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(mine).not.toHaveTextContent('OTHR');
    await waitFor(() => expect(mine).toHaveTextContent('2099.01.05 10:00'));
    expect(within(mine).getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/certificates/31/pdf');
    expect(screen.queryByRole('button', { name: /Check my certificate/ })).toBeNull();
  });
});
