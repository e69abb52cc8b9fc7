import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './use-reduced-motion';

function Probe() {
  return <output data-testid="reduced">{String(usePrefersReducedMotion())}</output>;
}

describe('usePrefersReducedMotion (WCAG 2.2 2.3.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows prefers-reduced-motion, also when it changes while the page is open', () => {
    let matches = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    render(<Probe />);
    expect(screen.getByTestId('reduced')).toHaveTextContent('true');
    matches = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.getByTestId('reduced')).toHaveTextContent('false');
  });
});
