import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { saveAnswers } from '../api';
import { AutosaveQueue, retryDelayMs, type AutosaveState } from './autosave-queue';

const fetchMock = vi.fn<typeof fetch>();
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const bodyOf = (i: number) => JSON.parse(String(puts()[i]?.[1]?.body)) as unknown;

function queue() {
  const states: AutosaveState[] = [];
  const q = new AutosaveQueue(
    (answers) => saveAnswers(7, answers),
    (s) => states.push(s),
  );
  return { q, states, status: () => states.at(-1)?.status };
}

describe('autosave of an attempt (PUT /api/exam-attempts/{id}/answers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('waits for 800 ms without a change, then sends the latest answer of each subject in one call', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { saved: 2, saved_at: '2030-01-01T10:00:00.000Z' }));
    const { q, status } = queue();
    q.change(1, 'P');
    await vi.advanceTimersByTimeAsync(500);
    q.change(1, 'Paris');
    q.change(2, ['a', 'b']);
    expect(status()).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(puts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(puts()).toHaveLength(1);
    expect(String(puts()[0]?.[0])).toBe('/api/exam-attempts/7/answers');
    expect(bodyOf(0)).toEqual({
      answers: [
        { subject_id: 1, answer: 'Paris' },
        { subject_id: 2, answer: ['a', 'b'] },
      ],
    });
    await vi.runOnlyPendingTimersAsync();
    expect(status()).toBe('saved');
  });

  it('flushes at once (blur, submit) and answers whether everything is stored', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { saved: 1, saved_at: '2030-01-01T10:00:00.000Z' }));
    const { q } = queue();
    q.change(3, true);
    await expect(q.flush()).resolves.toBe('saved');
    expect(bodyOf(0)).toEqual({ answers: [{ subject_id: 3, answer: true }] });
    await vi.advanceTimersByTimeAsync(2000);
    expect(puts()).toHaveLength(1);
  });

  it('retries a failed save with backoff, keeping newer answers over the failed ones', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(jsonResponse(200, { saved: 2, saved_at: '2030-01-01T10:00:00.000Z' }));
    const { q, status } = queue();
    q.change(1, 'old');
    q.change(2, 'kept');
    await vi.advanceTimersByTimeAsync(800);
    expect(status()).toBe('retrying');
    q.change(1, 'new');
    await vi.advanceTimersByTimeAsync(800);
    expect(bodyOf(1)).toEqual({
      answers: [
        { subject_id: 1, answer: 'new' },
        { subject_id: 2, answer: 'kept' },
      ],
    });
    expect(status()).toBe('saved');
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(10)).toBe(30_000);
  });

  it('stops for good when the server says the attempt is submitted (409)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { code: 'EXAM_DEADLINE_PASSED', message: 'The time for this attempt is up' }));
    const { q, status, states } = queue();
    q.change(1, 'late');
    await expect(q.flush()).resolves.toBe('closed');
    expect(status()).toBe('closed');
    expect(states.at(-1)?.error).toMatchObject({ code: 'EXAM_DEADLINE_PASSED' });
    q.change(1, 'later');
    await vi.advanceTimersByTimeAsync(5000);
    expect(puts()).toHaveLength(1);
  });

  it('does not retry answers the server refuses (400) until they change', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Give a number', errors: { 'answers[0].answer': ['Give a number'] } }));
    const { q, status } = queue();
    q.change(4, 'x'.repeat(101));
    await expect(q.flush()).resolves.toBe('unsaved');
    expect(status()).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(puts()).toHaveLength(1);
  });
});
