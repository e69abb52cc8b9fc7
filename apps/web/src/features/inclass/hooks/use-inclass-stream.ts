import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InclassAnswer, InclassCheckin } from '@atrium/contracts';
import { addAnswer, addCheckin, inclassKeys, patchSession } from '../api';

/** EventSource.CLOSED: the browser gave up (an error answer); a new stream is opened after a pause. */
const CLOSED = 2;
const REOPEN_MS = 5_000;

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse(String((event as MessageEvent).data)) as T;
  } catch {
    return null;
  }
}

/**
 * The session's stream (`GET /api/inclass-sessions/{id}/stream`, decision 0155) while `sessionId` is set:
 * `checkin` and `answer` (the team's) go straight into the cached session, so the screen follows each one as it
 * arrives; `state` (a roll call or poll started or closed, a pick, the end) and every (re)opening read the session
 * again. `onAction` gets learners' focus changes (the team's, with action tracking). Answers whether the stream is open.
 */
export function useInclassStream(sessionId: number | null, onAction?: (event: { user_id: number; name: string; action: 'focus' | 'blur' }) => void): boolean {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const actionRef = useRef(onAction);
  useEffect(() => {
    actionRef.current = onAction;
  });
  useEffect(() => {
    if (sessionId === null || typeof window === 'undefined' || typeof window.EventSource !== 'function') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inclassKeys.session(sessionId) });
    const open = () => {
      source = new window.EventSource(`/api/inclass-sessions/${sessionId}/stream`);
      source.addEventListener('ready', () => {
        setOpen(true);
        refresh();
      });
      source.addEventListener('checkin', (event) => {
        const c = parse<InclassCheckin>(event);
        if (c) patchSession(queryClient, sessionId, (s) => addCheckin(s, c));
      });
      source.addEventListener('answer', (event) => {
        const a = parse<InclassAnswer>(event);
        if (a) patchSession(queryClient, sessionId, (s) => addAnswer(s, a));
      });
      source.addEventListener('action', (event) => {
        const a = parse<{ user_id: number; name: string; action: 'focus' | 'blur' }>(event);
        if (a) actionRef.current?.(a);
      });
      source.addEventListener('state', refresh);
      source.addEventListener('error', () => {
        setOpen(false);
        if (source?.readyState !== CLOSED || isStopped) return;
        source = null;
        timer = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      source?.close();
      setOpen(false);
    };
  }, [sessionId, queryClient]);
  return isOpen;
}
