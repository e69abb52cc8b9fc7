import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyPreloadable } from './lazy-named';

function Page({ word }: { word: string }) {
  return <p>{word}</p>;
}

// A page whose chunk a route loader started renders at once, without its Suspense fallback; before that, it loads as React.lazy does.
describe('lazyPreloadable', () => {
  it('suspends until its chunk is in when not preloaded, then renders the named export with its props', async () => {
    const Lazy = lazyPreloadable(async () => ({ Page }), 'Page');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy word="first" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('first')).toBeInTheDocument();
  });

  it('renders without a fallback once preloaded, and preload answers the component', async () => {
    const Lazy = lazyPreloadable(async () => ({ Page }), 'Page');
    await expect(Lazy.preload()).resolves.toBe(Page);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy word="second" />
      </Suspense>,
    );
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('rejects a failed preload and tries the chunk again on the next call', async () => {
    let calls = 0;
    const Lazy = lazyPreloadable(async () => {
      calls += 1;
      if (calls === 1) throw new Error('chunk failed');
      return { Page };
    }, 'Page');
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await expect(Lazy.preload()).resolves.toBe(Page);
    expect(calls).toBe(2);
  });
});
