import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setUnauthorizedHandler } from '../lib/api-client';

// jsdom lacks a few browser APIs antd relies on; give it inert versions.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

(globalThis as unknown as { __ATRIUM_VERSION__: string }).__ATRIUM_VERSION__ = 'test-build';

// Components under test must not navigate jsdom away on a 401; tests assert the router's redirect instead.
setUnauthorizedHandler(() => {});

afterEach(() => {
  cleanup();
});
