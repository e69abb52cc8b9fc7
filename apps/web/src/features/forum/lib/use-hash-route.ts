import { useLocation, useNavigate } from 'react-router';
import { buildHash, parseHash, type HashRoute } from './forum-hash';

/** The page's hash route and a way to go to another (the search part of the address is kept). */
export function useHashRoute(): HashRoute & { go: (segments: (string | number)[], params?: Record<string, string | number | null | undefined>) => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const route = parseHash(location.hash);
  return {
    ...route,
    go: (segments, params) =>
      void navigate({ pathname: location.pathname, search: location.search, hash: segments.length || params ? buildHash(segments, params) : '' }),
  };
}
