import { useEffect, useRef, useState } from 'react';
import type { AnswerValue } from '@atrium/contracts';
import { saveAnswers } from '../api';
import { AutosaveQueue, type AutosaveState } from '../lib/autosave-queue';

export interface Autosave extends AutosaveState {
  /** Takes an answer as given; it is saved after the quiet delay (800 ms). */
  change: (subjectId: number, answer: AnswerValue) => void;
  /** Saves what waits now (on blur, before submitting): `saved`, `unsaved` (failed) or `closed` (the attempt was submitted meanwhile). */
  flush: () => Promise<'saved' | 'unsaved' | 'closed'>;
}

/**
 * Autosave of an attempt's answers (issue 15) through `PUT /api/exam-attempts/{id}/answers`:
 * AutosaveQueue (debounce `delayMs`, one call at a time, retries with backoff, 409 → `onClosed`)
 * with its state for the page. What waits is sent when the component goes away, and leaving the
 * page with unsaved answers asks the browser to confirm. One queue per mounted attempt (key the
 * component by attempt id).
 */
export function useAutosave(attemptId: number, { delayMs = 800, onClosed }: { delayMs?: number; onClosed?: (error: unknown) => void } = {}): Autosave {
  const [state, setState] = useState<AutosaveState>({ status: 'idle', savedAt: null, error: null });
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);
  const [queue] = useState(() => new AutosaveQueue((answers) => saveAnswers(attemptId, answers), setState, delayMs));
  useEffect(() => () => queue.dispose(), [queue]);

  const closedBy = state.status === 'closed' ? state.error : null;
  useEffect(() => {
    if (closedBy) onClosedRef.current?.(closedBy);
  }, [closedBy]);

  const isUnsaved = state.status === 'pending' || state.status === 'saving' || state.status === 'retrying' || state.status === 'failed';
  useEffect(() => {
    if (!isUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isUnsaved]);

  return { ...state, change: (subjectId, answer) => queue.change(subjectId, answer), flush: () => queue.flush() };
}
