import { useEffect, useRef } from 'react';

/** A new reply announced on the notification stream (`event: topic`; issue 18 §1: replies appear live). */
export interface TopicLiveEvent {
  topic_id: number;
  reply_id: number;
  course_id: number;
}

type Listener = (event: TopicLiveEvent) => void;

/** Who listens to topic events of the tab's one notification stream (a module store: the stream and the topic pages share no parent). */
const listeners = new Set<Listener>();

/**
 * Called by the tab's notification stream (useNotificationStream) for each `event: topic` frame:
 * hands the parsed event to every useTopicLive listener. Malformed data is ignored.
 */
export function dispatchTopicEvent(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const { topic_id, reply_id, course_id } = data as Record<string, unknown>;
  if (typeof topic_id !== 'number' || typeof reply_id !== 'number') return;
  const event: TopicLiveEvent = { topic_id, reply_id, course_id: typeof course_id === 'number' ? course_id : 0 };
  for (const listener of [...listeners]) listener(event);
}

/**
 * Live replies of one topic (issue 18 §1): `onReply` runs for each new reply of `topicId` announced
 * on the notification stream the NotificationsLayer opened (the same EventSource: no second
 * connection). Nothing while `topicId` is null. The latest `onReply` is used without re-subscribing.
 * The stream only says a reply exists; read the topic again (`GET /api/topics/{id}`) to show it.
 */
export function useTopicLive(topicId: number | null, onReply: (event: { topic_id: number; reply_id: number }) => void): void {
  const callback = useRef(onReply);
  useEffect(() => {
    callback.current = onReply;
  });
  useEffect(() => {
    if (topicId === null) return;
    const listener: Listener = (event) => {
      if (event.topic_id === topicId) callback.current({ topic_id: event.topic_id, reply_id: event.reply_id });
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [topicId]);
}
