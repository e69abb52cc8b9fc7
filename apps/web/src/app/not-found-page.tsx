import { NotFoundResult } from '../components/status-results';

/** Any path the app does not know: the result is the page, its title the page's h1. */
export function NotFoundPage() {
  return <NotFoundResult pageTitle />;
}
