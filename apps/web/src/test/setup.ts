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

// antd's CSS-in-JS stays out of jsdom's document in tests (renderWithApp's StyleProvider mock="server"):
// jsdom matches every rule of every sheet on each getComputedStyle, which made role queries ~10× slower.
// What antd hides through its stylesheet (closed dropdowns, inactive tab panes, hidden form items: the
// `*-hidden` state classes) stays hidden here.
const hidden = document.createElement('style');
hidden.textContent = ':is([class$="-hidden"], [class*="-hidden "]):not([class*="-required-mark-hidden"]) { display: none; }';
document.head.appendChild(hidden);
