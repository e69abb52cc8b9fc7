import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notificationKeys, LATEST_QUERY } from '../api';
import { FakeEventSource, notificationListOf, notificationOf } from '../test/fixtures';
import { useNotificationStream } from './use-notification-stream';

function setup(userId: number | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ id }: { id: number | null }) => useNotificationStream(id), { wrapper, initialProps: { id: userId } });
  return { queryClient, hook };
}

describe('useNotificationStream (issue 17 §2)', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => {
    vi.useRealTimers();
    FakeEventSource.uninstall();
  });

  it('opens nothing while nobody is signed in, one stream once someone is, and closes it when they sign out', () => {
    const { hook } = setup(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    hook.rerender({ id: 5 });
    expect(FakeEventSource.instances).toHaveLength(1);
    hook.rerender({ id: 5 });
    expect(FakeEventSource.instances).toHaveLength(1);
    hook.rerender({ id: null });
    expect(FakeEventSource.instances[0]!.readyState).toBe(2);
  });

  it('puts an arriving notification first on the cached first page (filters respected) and counts it once', () => {
    const { queryClient } = setup(5);
    queryClient.setQueryData(notificationKeys.unreadCount, { unread_count: 1 });
    queryClient.setQueryData(notificationKeys.list(LATEST_QUERY), notificationListOf([notificationOf({ id: 1 })]));
    const examsOnly = { page: 1, page_size: 10, type: 'exam,questionnaire' };
    queryClient.setQueryData(notificationKeys.list(examsOnly), notificationListOf([], { unread_count: 1 }));
    const stream = FakeEventSource.open();
    stream.emit('notification', notificationOf({ id: 2 }), '2');
    stream.emit('notification', notificationOf({ id: 2 }), '2');
    expect(queryClient.getQueryData(notificationKeys.unreadCount)).toEqual({ unread_count: 2 });
    const latest = queryClient.getQueryData<ReturnType<typeof notificationListOf>>(notificationKeys.list(LATEST_QUERY))!;
    expect(latest.items.map((n) => n.id)).toEqual([2, 1]);
    expect(latest.total).toBe(2);
    const exams = queryClient.getQueryData<ReturnType<typeof notificationListOf>>(notificationKeys.list(examsOnly))!;
    expect(exams.items).toEqual([]);
    expect(exams.unread_count).toBe(2);
    // Garbage on the stream changes nothing.
    stream.emit('unread', 'not json');
    expect(queryClient.getQueryData(notificationKeys.unreadCount)).toEqual({ unread_count: 2 });
  });

  it('when the browser gives up on the stream, opens a new one after a pause and reads the lists again', () => {
    vi.useFakeTimers();
    const { queryClient, hook } = setup(5);
    queryClient.setQueryData(notificationKeys.unreadCount, { unread_count: 1 });
    const first = FakeEventSource.open();
    first.emit('open', null);
    // A dropped connection the browser reconnects itself (readyState CONNECTING) is left to it.
    first.readyState = 0;
    first.emit('error', null);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    first.fail();
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.open();
    expect(queryClient.getQueryState(notificationKeys.unreadCount)?.isInvalidated).toBe(false);
    second.emit('open', null);
    expect(queryClient.getQueryState(notificationKeys.unreadCount)?.isInvalidated).toBe(true);

    // Gone again, then signed out before the pause ends: nothing more is opened.
    second.fail();
    hook.unmount();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
