import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithApp } from '../../../../test/render';
import { ExamActivityMedia } from './exam-activity-media';

const fetchMock = vi.fn<typeof fetch>();
const row = (over: object) => ({ upload_id: 1, activity_id: 7, activity_type: 'exam', subject_id: 30, name: 'a.mp4', upload_type: 'video', ...over });

describe('ExamActivityMedia (exam media on the exam activity page)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("lists only this exam's subjects with their media, audio as audio, a gone upload as missing", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/courses/2/activity-files') {
        return jsonResponse(200, {
          items: [
            row({ upload_id: 1 }),
            row({ upload_id: 2, name: 'b.mp3', upload_type: 'audio' }),
            row({ upload_id: 3, subject_id: 31, name: null, upload_type: null }),
            row({ upload_id: 4, activity_id: 8, subject_id: 40, name: 'other-exam.mp4' }),
            row({ upload_id: 5, activity_type: 'material', subject_id: null, name: 'material.pdf', upload_type: 'document' }),
          ],
        });
      }
      return jsonResponse(200, { play_limit: false, play_limit_times: 0, remaining: null, status: 'playable' });
    });
    renderWithApp(<ExamActivityMedia courseId={2} activityId={7} />);
    const card = await screen.findByTestId('exam-activity-media', {}, { timeout: 10_000 });
    expect(within(card).getByText('Exam media')).toBeInTheDocument();
    // The exam media box is a lazy chunk: a busy machine takes more than the default second to load it.
    const subjects = await within(card).findAllByTestId('exam-media', {}, { timeout: 10_000 });
    expect(subjects.map((s) => s.getAttribute('data-subject-id'))).toEqual(['30', '31']);
    const items = await within(card).findAllByTestId('exam-media-item', {}, { timeout: 10_000 });
    expect(items.map((i) => i.getAttribute('data-upload-id'))).toEqual(['1', '2', '3']);
    expect(card).toHaveTextContent('b.mp3');
    expect(card).toHaveTextContent('Missing file');
    expect(card).not.toHaveTextContent('other-exam.mp4');
    expect(card).not.toHaveTextContent('material.pdf');
  });

  it('shows nothing when no subject of the exam carries media', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [row({ activity_id: 8 })] }));
    const { container } = renderWithApp(<ExamActivityMedia courseId={2} activityId={7} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.querySelector('.page-spinner')).toBeNull());
    expect(screen.queryByTestId('exam-activity-media')).not.toBeInTheDocument();
  });
});
