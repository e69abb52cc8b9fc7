import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

describe('AnswerCache.answer', () => {
  it('computes an answer once, serves the same bytes until a scope it names is bumped, then computes again', async () => {
    const cache = new AnswerCache(1 << 20, 60_000);
    let computed = 0;
    const compute = async () => ({ answer: { n: ++computed }, scopes: ['c1', 'u2'] });
    const first = await cache.answer('k', compute);
    expect(JSON.parse(first.toString('utf8'))).toEqual({ n: 1 });
    expect(await cache.answer('k', compute)).toBe(first);
    cache.bump('c9');
    expect(await cache.answer('k', compute)).toBe(first);
    cache.bump('u2');
    expect(JSON.parse((await cache.answer('k', compute)).toString('utf8'))).toEqual({ n: 2 });
    expect(computed).toBe(2);
  });

  it('keeps nothing computed while one of its scopes was bumped, nothing past its time, nothing when told not to serve, nothing on an error', async () => {
    const cache = new AnswerCache(1 << 20, 60_000);
    // A write lands while the answer is computed: the answer is sent but not kept.
    await cache.answer('overlap', async () => {
      cache.bump('c1');
      return { answer: 1, scopes: ['c1'] };
    });
    expect(cache.size).toBe(0);
    // An answer whose time has already run out is not kept.
    await cache.answer('late', async (now) => ({ answer: 2, scopes: ['c1'], until: now - 1 }));
    expect(cache.size).toBe(0);
    // serve = false (the owner cannot hear other instances): computed every time, never kept.
    await cache.answer('off', async () => ({ answer: 3, scopes: ['c1'] }), false);
    expect(cache.size).toBe(0);
    await expect(cache.answer('boom', () => Promise.reject(new Error('no access')))).rejects.toThrow('no access');
    expect(cache.size).toBe(0);
    await cache.answer('kept', async () => ({ answer: 4, scopes: ['c1'] }));
    expect(cache.size).toBe(1);
  });
});
