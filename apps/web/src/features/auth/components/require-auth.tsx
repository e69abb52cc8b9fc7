import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isApiError, loginRedirectUrl } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useCurrentUser } from '../api';

/**
 * Renders its children only for a signed-in user (`GET /api/user`); a 401 sends
 * the browser to `/login?next=<this page>` (spec §2).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner minHeight="60vh" />;
  if (me.isError) {
    if (isApiError(me.error, 401)) return <Navigate to={loginRedirectUrl(location)} replace />;
    return <ApiErrorResult error={me.error} onRetry={() => void me.refetch()} pageTitle />;
  }
  return <>{children}</>;
}
