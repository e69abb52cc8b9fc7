import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BeaconModule from './stats-beacon';
import type { StatsEvent } from './stats-beacon';

type Beacon = typeof BeaconModule;

/** The module afresh, as after a reload: nothing in memory, only what localStorage kept. */
async function load(): Promise<Beacon> {
  vi.resetModules();
  return import('./stats-beacon');
}

/** The text of a Blob (jsdom's Blob has no text(); its FileReader does). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The events of a request body (a Blob, or the string a fetch stub was handed). */
async function eventsOf(body: unknown): Promise<StatsEvent[]> {
  const text = body instanceof Blob ? await blobText(body) : String(body);
  return (JSON.parse(text) as { events: StatsEvent[] }).events;
}

const fetchMock = vi.fn<typeof fetch>();
const beaconMock = vi.fn<(url: string | URL, data?: BodyInit | null) => boolean>();
let online = true;
let beacon: Beacon;

/** The reporter token the main server hands out in these tests (the statistics server apart). */
const TOKEN_URL = '/api/stat/reporter-token';
const TOKEN = { token: 'reporter-jwt', expires_at: '2099-01-01T00:00:00.000Z' };

/** The fetch calls that posted batches (not the reporter token's). */
function batchCalls() {
  return fetchMock.mock.calls.filter(([url]) => url !== TOKEN_URL);
}

/** Every event id posted with fetch so far, in order. */
async function fetchedIds(): Promise<string[]> {
  const ids: string[] = [];
  for (const [, init] of batchCalls()) ids.push(...(await eventsOf(init?.body)).map((event) => event.id));
  return ids;
}

function ok(): Response {
  return new Response(JSON.stringify({ accepted: 1, duplicates: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** The queue as stored, event ids oldest first. */
function storedIds(): string[] {
  const raw = localStorage.getItem('atrium.stats.queue');
  return raw ? (JSON.parse(raw) as { event: StatsEvent }[]).map((entry) => entry.event.id) : [];
}

describe('stats beacon (issue 25 item 1: batched, persisted, sent on unload and after offline periods)', () => {
  beforeEach(async () => {
    // Timers and the clock faked; setImmediate left real (jsdom's FileReader answers through it).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    localStorage.clear();
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beaconMock });
    fetchMock.mockImplementation(async (input) =>
      input === TOKEN_URL ? new Response(JSON.stringify(TOKEN), { status: 200, headers: { 'Content-Type': 'application/json' } }) : ok(),
    );
    beaconMock.mockReturnValue(true);
    vi.stubGlobal('fetch', fetchMock);
    beacon = await load();
  });

  afterEach(() => {
    beacon.stopStats();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    beaconMock.mockReset();
    delete (navigator as unknown as Record<string, unknown>).onLine;
    delete (navigator as unknown as Record<string, unknown>).sendBeacon;
    localStorage.clear();
  });

  it('is inert until started: track records nothing and nothing is sent', async () => {
    beacon.configureStats({ statsUrl: null });
    expect(beacon.track('page.view', { url: '/user/index' })).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('atrium.stats.queue')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it('stamps events with unique UUIDs and Date.now(), and keeps them in localStorage across a reload until configured', async () => {
    vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
    beacon.startStats();
    const first = beacon.track('page.view', { url: '/course/7/content', course_id: 7 })!;
    const ids = [first.id];
    for (let i = 0; i < 49; i++) ids.push(beacon.track('lesson.opened', { activity_id: i + 1, data: { i } })!.id);
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      action: 'page.view',
      ts: Date.parse('2025-03-01T08:00:00Z'),
      url: '/course/7/content',
      course_id: 7,
    });
    expect(new Set(ids).size).toBe(50);
    expect(storedIds()).toEqual(ids);
    // Not configured: only queued, however long it waits.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();

    // The page reloads: a new module reads the queue back and sends it once configured.
    beacon.stopStats();
    beacon = await load();
    beacon.startStats();
    beacon.configureStats({ statsUrl: 'https://stats.example.org/' });
    await vi.advanceTimersByTimeAsync(5_000);
    // Apart from this server: its reporter token first, then one batch carrying it.
    expect(fetchMock.mock.calls.filter(([url]) => url === TOKEN_URL)).toHaveLength(1);
    expect(batchCalls()).toHaveLength(1);
    const [url, init] = batchCalls()[0]!;
    expect(url).toBe('https://stats.example.org/api/user-actions');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect((init!.body as Blob).type).toBe('text/plain;charset=utf-8');
    const sent = await eventsOf(init!.body);
    expect(JSON.parse(await blobText(init!.body as Blob))).toMatchObject({ reporter: TOKEN.token });
    expect(sent.map((event) => event.id)).toEqual(ids);
    expect(sent[0]).toEqual(first);
    expect(storedIds()).toEqual([]);
  });

  it('sends about 5 s after an event waits, to the same origin when stats_url is null, and a 2xx takes the batch out of the queue', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    const event = beacon.track('page.view', { url: '/user/index' })!;
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user-actions');
    expect(await fetchedIds()).toEqual([event.id]);
    expect(storedIds()).toEqual([]);
    // Nothing waits: no more requests.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends batches of at most 200 events, each event once', async () => {
    beacon.startStats();
    const ids: string[] = [];
    for (let i = 0; i < 450; i++) ids.push(beacon.track('page.view', { url: `/user/index?i=${i}` })!.id);
    beacon.configureStats({ statsUrl: null });
    await vi.advanceTimersByTimeAsync(5_000);
    const sizes = await Promise.all(fetchMock.mock.calls.map(async ([, init]) => (await eventsOf(init?.body)).length));
    expect(sizes).toEqual([200, 200, 50]);
    expect(await fetchedIds()).toEqual(ids);
    expect(storedIds()).toEqual([]);
  });

  it('keeps at most 1000 events, dropping the oldest', async () => {
    beacon.startStats();
    const ids: string[] = [];
    for (let i = 0; i < 1005; i++) ids.push(beacon.track('page.view')!.id);
    expect(storedIds()).toEqual(ids.slice(5));
  });

  it('keeps events while offline and sends them when the browser is back online', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    online = false;
    const a = beacon.track('page.view', { url: '/user/courses' })!;
    const b = beacon.track('page.view', { url: '/user/calendar' })!;
    await vi.advanceTimersByTimeAsync(120_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
    expect(storedIds()).toEqual([a.id, b.id]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await fetchedIds()).toEqual([a.id, b.id]);
    expect(storedIds()).toEqual([]);
  });

  it('on pagehide sends the queue with sendBeacon as a text/plain Blob of JSON, and drops what the browser took', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: 'https://stats.example.org' });
    const a = beacon.track('page.view', { url: '/course/3', course_id: 3 })!;
    const b = beacon.track('page.view', { url: '/course/3/forum#/topics/9', course_id: 3 })!;
    // The reporter token fetched when configured (the statistics server apart) is in hand before the page goes.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(TOKEN_URL, expect.anything()));
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(beaconMock).toHaveBeenCalledTimes(1);
    const [url, data] = beaconMock.mock.calls[0]!;
    expect(url).toBe('https://stats.example.org/api/user-actions');
    expect(data).toBeInstanceOf(Blob);
    expect((data as Blob).type).toBe('text/plain;charset=utf-8');
    expect(await eventsOf(data)).toEqual([a, b]);
    expect(JSON.parse(await blobText(data as Blob))).toMatchObject({ reporter: TOKEN.token });
    expect(storedIds()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batchCalls()).toEqual([]);
  });

  it('on visibilitychange to hidden beacons too; a refused beacon keeps its events for the next visit', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    const a = beacon.track('page.view')!;
    beaconMock.mockReturnValue(false);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beaconMock).toHaveBeenCalledTimes(1);
    expect(beaconMock.mock.calls[0]![0]).toBe('/api/user-actions');
    expect(storedIds()).toEqual([a.id]);

    beaconMock.mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beaconMock).toHaveBeenCalledTimes(2);
    expect((await eventsOf(beaconMock.mock.calls[1]![1])).map((event) => event.id)).toEqual([a.id]);
    expect(storedIds()).toEqual([]);
    visibility.mockRestore();
  });

  it('keeps a batch the network failed (and a 5xx), retries later with backoff, and then sends each event exactly once', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
    const a = beacon.track('page.view', { url: '/a' })!;
    const b = beacon.track('page.view', { url: '/b' })!;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(storedIds()).toEqual([a.id, b.id]);
    // Backoff: the second try 10 s after the failure, the third 20 s after the 503.
    await vi.advanceTimersByTimeAsync(9_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(storedIds()).toEqual([a.id, b.id]);
    const c = beacon.track('page.view', { url: '/c' })!;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(storedIds()).toEqual([]);
    // Each try carried the batch whole; once accepted, nothing was sent again.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const last = await eventsOf(fetchMock.mock.calls[2]![1]?.body);
    expect(last.map((event) => event.id)).toEqual([a.id, b.id, c.id]);
  });

  it('drops a batch the server refuses with 400, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'VALIDATION_ERROR', message: 'bad', errors: { 'events.0.ts': ['too old'] } }), { status: 400 }),
    );
    beacon.track('page.view');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(storedIds()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused'), expect.objectContaining({ errors: { 'events.0.ts': ['too old'] } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('never puts an event in two batches in flight: pagehide during a fetch beacons only the events queued since', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const a = beacon.track('page.view')!;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const b = beacon.track('page.view')!;
    // A second flush while the first is in flight joins it rather than sending `a` again.
    void beacon.flushStats();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(beaconMock).toHaveBeenCalledTimes(1);
    expect((await eventsOf(beaconMock.mock.calls[0]![1])).map((event) => event.id)).toEqual([b.id]);
    expect(storedIds()).toEqual([a.id]);
    answer(ok());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(storedIds()).toEqual([]);
    expect(await fetchedIds()).toEqual([a.id]);
  });

  it('holds the events of a user who signed out until they are back, and never sends them under someone else', async () => {
    beacon.startStats();
    beacon.configureStats({ statsUrl: null });
    beacon.setStatsUser(1);
    online = false;
    const mine = beacon.track('page.view')!;
    beacon.setStatsUser(undefined);
    beacon.setStatsUser(2);
    online = true;
    const theirs = beacon.track('page.view')!;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await fetchedIds()).toEqual([theirs.id]);
    expect(storedIds()).toEqual([mine.id]);
    beacon.setStatsUser(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await fetchedIds()).toEqual([theirs.id, mine.id]);
    expect(storedIds()).toEqual([]);
  });

  it('refuses what the server would refuse, and leaves out ids that are not positive integers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    beacon.startStats();
    expect(beacon.track('Page View')).toBeNull();
    expect(beacon.track('big.data', { data: { text: 'x'.repeat(5000) } })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    const event = beacon.track('page.view', { course_id: 0, activity_id: 1.5, url: 'x'.repeat(3000) })!;
    expect(event).not.toHaveProperty('course_id');
    expect(event).not.toHaveProperty('activity_id');
    expect(event.url).toHaveLength(2048);
    expect(storedIds()).toEqual([event.id]);
    warn.mockRestore();
  });
});
