import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '../lib/i18n';

initI18n('en-us');

/** Shows the current location so tests can assert where the app navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

/**
 * Renders `ui` at `route` inside the app's providers (fresh query client without
 * retries, antd App, a memory router); `extraRoutes` are matched beside it.
 */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', extraRoutes }: { route?: string; path?: string; extraRoutes?: ReactNode } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <StyleProvider mock="server">
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route
                path={path}
                element={
                  <>
                    {ui}
                    <LocationProbe />
                  </>
                }
              />
              {extraRoutes}
            </Routes>
          </MemoryRouter>
        </App>
      </QueryClientProvider>
    </StyleProvider>,
  );
}

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
