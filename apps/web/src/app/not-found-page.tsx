import { NotFoundResult } from '../components/status-results';

/** Any path the app does not know. */
export function NotFoundPage() {
  return <NotFoundResult />;
}
