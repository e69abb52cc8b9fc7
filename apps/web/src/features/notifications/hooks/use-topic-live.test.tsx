import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FakeEventSource } from '../test/fixtures';
import { useNotificationStream } from './use-notification-stream';
import { useTopicLive } from './use-topic-live';

function setup(topicId: number | null, onReply: (e: { topic_id: number; reply_id: number }) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(
    ({ id }: { id: number | null }) => {
      useNotificationStream(5);
      useTopicLive(id, onReply);
    },
    { wrapper, initialProps: { id: topicId } },
  );
  return hook;
}

describe('useTopicLive (issue 18 §1: live replies)', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => FakeEventSource.uninstall());

  it("hears its topic's replies on the tab's one notification stream, not other topics', nothing while null, nothing after unmount", () => {
    const onReply = vi.fn();
    const hook = setup(7, onReply);
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.open();
    stream.emit('topic', { topic_id: 7, reply_id: 70, course_id: 3 });
    stream.emit('topic', { topic_id: 8, reply_id: 80, course_id: 3 });
    stream.emit('topic', 'not json');
    expect(onReply).toHaveBeenCalledTimes(1);
    expect(onReply).toHaveBeenCalledWith({ topic_id: 7, reply_id: 70 });

    hook.rerender({ id: null });
    stream.emit('topic', { topic_id: 7, reply_id: 71, course_id: 3 });
    expect(onReply).toHaveBeenCalledTimes(1);
    // Still the same single connection.
    expect(FakeEventSource.instances).toHaveLength(1);

    hook.rerender({ id: 8 });
    stream.emit('topic', { topic_id: 8, reply_id: 81, course_id: 3 });
    expect(onReply).toHaveBeenLastCalledWith({ topic_id: 8, reply_id: 81 });
    hook.unmount();
    expect(stream.readyState).toBe(2);
  });
});
