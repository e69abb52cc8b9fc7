import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, CalendarCache, type Answer } from './calendar-cache.js';

/** A cache on a hand-moved clock, and a computation that counts its runs and can be held open. */
function setup(ttlMs = 1_000, maxBytes?: number) {
  let now = 1_000_000;
  const cache = new CalendarCache(ttlMs, maxBytes, () => now);
  let runs = 0;
  let release: () => void = () => undefined;
  const compute =
    (value: unknown, validUntil?: number, hold = false) =>
    async () => {
      runs += 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return { value, validUntil };
    };
  return { cache, compute, runs: () => runs, release: () => release(), advance: (ms: number) => (now += ms), now: () => now };
}
const text = (a: Answer) => a.body.toString('utf8');

describe('CalendarCache', () => {
  it('answers the serialised JSON and serves it again without computing until the TTL has passed', async () => {
    const s = setup(1_000);
    expect(text(await s.cache.answer('k', s.compute({ a: '课程 1' })))).toBe('{"a":"课程 1"}');
    expect(text(await s.cache.answer('k', s.compute({ a: 'other' })))).toBe('{"a":"课程 1"}');
    expect(s.runs()).toBe(1);
    s.advance(1_000);
    expect(text(await s.cache.answer('k', s.compute({ a: 'later' })))).toBe('{"a":"later"}');
    expect(s.runs()).toBe(2);
  });

  it('computes once for concurrent misses of one key (single flight), separately for another key', async () => {
    const s = setup();
    const first = s.cache.answer('k', s.compute([1], undefined, true));
    const others = Array.from({ length: 9 }, () => s.cache.answer('k', s.compute([2])));
    const otherKey = s.cache.answer('j', s.compute([3]));
    s.release();
    const bodies = (await Promise.all([first, ...others])).map(text);
    expect(bodies).toEqual(Array(10).fill('[1]'));
    expect(text(await otherKey)).toBe('[3]');
    expect(s.runs()).toBe(2);
  });

  it('a bump forgets every answer, and an answer computed before it is neither shared after it nor stored', async () => {
    const s = setup();
    await s.cache.answer('k', s.compute('old'));
    s.cache.bump();
    expect(text(await s.cache.answer('k', s.compute('new')))).toBe('"new"');
    const inFlight = s.cache.answer('j', s.compute('before the write', undefined, true));
    s.cache.bump();
    const afterWrite = s.cache.answer('j', s.compute('after the write'));
    s.release();
    expect(text(await inFlight)).toBe('"before the write"');
    expect(text(await afterWrite)).toBe('"after the write"');
    expect(text(await s.cache.answer('j', s.compute('again')))).toBe('"after the write"');
  });

  it('an answer that says until when it holds (a meeting starts) is not served after that', async () => {
    const s = setup(10_000);
    await s.cache.answer('k', s.compute('before the start', s.now() + 500));
    s.advance(300);
    expect(text(await s.cache.answer('k', s.compute('x')))).toBe('"before the start"');
    s.advance(200);
    expect(text(await s.cache.answer('k', s.compute('after the start')))).toBe('"after the start"');
    expect(s.runs()).toBe(2);
  });

  it('a hit in the last quarter of an entry’s life refreshes it in the background; readers never wait for it nor get it past its life', async () => {
    const s = setup(1_000);
    await s.cache.answer('k', s.compute('first'));
    s.advance(700);
    expect(text(await s.cache.answer('k', s.compute('not yet')))).toBe('"first"');
    expect(s.runs()).toBe(1);
    s.advance(100);
    expect(text(await s.cache.answer('k', s.compute('second', undefined, true)))).toBe('"first"');
    expect(text(await s.cache.answer('k', s.compute('no second refresh')))).toBe('"first"');
    expect(s.runs()).toBe(2);
    s.advance(200); // the first entry's life is over; its successor is still being computed: wait for it
    const waiting = s.cache.answer('k', s.compute('no third'));
    s.release();
    expect(text(await waiting)).toBe('"second"');
    expect(text(await s.cache.answer('k', s.compute('no fourth')))).toBe('"second"');
    expect(s.runs()).toBe(2);
  });

  it('keeps at most maxBytes, dropping the least recently used answer first', async () => {
    const s = setup(10_000, 20);
    await s.cache.answer('a', s.compute('aaaaaaa')); // 9 bytes
    await s.cache.answer('b', s.compute('bbbbbbb'));
    await s.cache.answer('a', s.compute('no')); // a is now the most recently used
    await s.cache.answer('c', s.compute('ccccccc')); // b goes
    expect(s.cache.size).toEqual({ entries: 2, bytes: 18 });
    expect(text(await s.cache.answer('a', s.compute('no')))).toBe('"aaaaaaa"');
    expect(text(await s.cache.answer('b', s.compute('b again')))).toBe('"b again"');
  });

  it('off (TTL 0) or not shared (other instances unheard): computes every time and keeps nothing', async () => {
    const off = setup(0);
    await off.cache.answer('k', off.compute(1));
    await off.cache.answer('k', off.compute(2));
    expect(off.runs()).toBe(2);
    const unheard = setup();
    unheard.cache.shared = false;
    await unheard.cache.answer('k', unheard.compute(1));
    expect(text(await unheard.cache.answer('k', unheard.compute(2)))).toBe('2');
    expect(unheard.cache.size.entries).toBe(0);
  });

  it('keeps a gzipped copy of answers of 1 KiB or more, the same JSON once unzipped', async () => {
    const s = setup();
    const small = await s.cache.answer('small', s.compute({ a: 1 }));
    expect(small.gzip).toBeNull();
    const large = await s.cache.answer('large', s.compute(Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Lesson', course_title: '课程' }))));
    expect(large.gzip!.length).toBeLessThan(large.body.length / 4);
    expect(gunzipSync(large.gzip!).equals(large.body)).toBe(true);
    expect((await s.cache.answer('large', s.compute('no'))).gzip).toBe(large.gzip);
  });

  it('reads Accept-Encoding for gzip (a q=0 refuses it)', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('x-gzip-ish')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('a failed computation reaches every waiter and is not kept', async () => {
    const s = setup();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await Promise.resolve();
      throw new Error('database gone');
    };
    const answers = await Promise.allSettled([s.cache.answer('k', failing), s.cache.answer('k', failing)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(text(await s.cache.answer('k', s.compute('fine')))).toBe('"fine"');
  });
});
