import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { AccessCodePopup } from './access-code-popup';

const fetchMock = vi.fn<typeof fetch>();

describe('AccessCodePopup (spec §4)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the code and resets it when resetable', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { access_code: 'K7Q2M9XA', resetable: true }))
      .mockResolvedValueOnce(jsonResponse(200, { access_code: 'P4W8N2ZB', resetable: true }));
    renderWithApp(<AccessCodePopup courseId={3} open onClose={() => {}} />);
    expect(await screen.findByTestId('access-code')).toHaveTextContent('K7Q2M9XA');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/course/3/access_code');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('access-code')).toHaveTextContent('P4W8N2ZB'));
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PUT');
  });

  it('offers no reset when the code is not resetable', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { access_code: 'K7Q2M9XA', resetable: false }));
    renderWithApp(<AccessCodePopup courseId={3} open onClose={() => {}} />);
    expect(await screen.findByTestId('access-code')).toHaveTextContent('K7Q2M9XA');
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('asks nothing while closed', () => {
    renderWithApp(<AccessCodePopup courseId={3} open={false} onClose={() => {}} />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
