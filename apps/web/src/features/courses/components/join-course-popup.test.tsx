import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { jsonResponse, LocationProbe, renderWithApp } from '../../../test/render';
import { JoinCoursePopup, normalizeAccessCode } from './join-course-popup';

const fetchMock = vi.fn<typeof fetch>();

function renderPopup() {
  const onClose = vi.fn();
  renderWithApp(<JoinCoursePopup open onClose={onClose} />, {
    route: '/user/courses',
    path: '/user/courses',
    extraRoutes: <Route path="/course/join/:code" element={<LocationProbe />} />,
  });
  return { onClose };
}

describe('JoinCoursePopup (spec §4, §5, §8)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the validation label for a malformed code and asks the server nothing', async () => {
    const user = userEvent.setup();
    renderPopup();
    await user.type(screen.getByLabelText('Access code'), 'ab-12');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/at least 7 characters/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a code of only 6 characters', async () => {
    const user = userEvent.setup();
    renderPopup();
    await user.type(screen.getByLabelText('Access code'), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/at least 7 characters/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the server rejects the code", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 'ACCESS_CODE_NOT_FOUND', message: 'No course uses this access code.' }));
    const user = userEvent.setup();
    renderPopup();
    await user.type(screen.getByLabelText('Access code'), 'ZZZ9999');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No course uses this access code.')).toBeInTheDocument();
    expect(screen.queryByText(/at least 7 characters/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/courses');
  });

  it('falls back to the default validation error when the server gives no message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 400 }));
    const user = userEvent.setup();
    renderPopup();
    await user.type(screen.getByLabelText('Access code'), 'ZZZ9999');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This access code is not valid.')).toBeInTheDocument();
  });

  it('upper-cases the code, validates it with the server and opens /course/join/{code}', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { course_id: 4, name: 'Linear algebra' }));
    const user = userEvent.setup();
    const { onClose } = renderPopup();
    const input = screen.getByLabelText('Access code');
    await user.type(input, 'abc1234');
    expect(input).toHaveValue('ABC1234');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/join/ABC1234'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/course/access-code/ABC1234/validate');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('normalizeAccessCode', () => {
  it('upper-cases and drops whitespace', () => {
    expect(normalizeAccessCode(' ab c12 34 ')).toBe('ABC1234');
    expect(normalizeAccessCode(undefined)).toBe('');
  });
});
