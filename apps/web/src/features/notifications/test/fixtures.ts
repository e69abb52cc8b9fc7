import type { Notification, NotificationList } from '@atrium/contracts';

/** A notification as the API answers it: an unread "homework graded" by default. */
export function notificationOf(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 101,
    type: 'homework',
    kind: 'homework.graded',
    payload: { course_name: 'Biology 101', title: 'Essay 1', score: 87 },
    is_locked: false,
    sender: { id: 3, name: 'Ada Instructor' },
    url: '/course/7/learning-activity#/9',
    course_id: 7,
    activity_id: 9,
    bulletin_id: null,
    topic_id: null,
    resource_id: null,
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A list answer holding `items`. */
export function notificationListOf(items: Notification[], overrides: Partial<NotificationList> = {}): NotificationList {
  return {
    items,
    page: 1,
    page_size: 10,
    pages: Math.max(1, Math.ceil(items.length / 10)),
    total: items.length,
    unread_count: items.filter((n) => !n.read_at).length,
    ...overrides,
  };
}

type Listener = (event: Event) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none), installed on `window` by `install()`:
 * every stream opened is kept in `instances`; `emit` delivers a server event to its listeners.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  static install(): void {
    FakeEventSource.instances = [];
    Object.defineProperty(window, 'EventSource', { value: FakeEventSource, configurable: true, writable: true });
  }

  static uninstall(): void {
    Reflect.deleteProperty(window, 'EventSource');
    FakeEventSource.instances = [];
  }

  /** The one stream still open (fails when there is none or more than one). */
  static open(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => s.readyState !== 2);
    if (open.length !== 1) throw new Error(`expected one open stream, found ${open.length}`);
    return open[0]!;
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = 2;
  }

  /** Delivers `event: type` with `data` (JSON) and `id`, as the server sends it. */
  emit(type: string, data: unknown, id?: string): void {
    if (type === 'open') this.readyState = 1;
    const event = type === 'open' || type === 'error' ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ?? '' });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The browser gave up on the stream (an error answer): readyState CLOSED, then `error`. */
  fail(): void {
    this.readyState = 2;
    this.emit('error', null);
  }
}
