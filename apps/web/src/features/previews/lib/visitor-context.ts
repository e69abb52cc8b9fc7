import { createContext, useContext } from 'react';
import type { VisitorActivityId } from '../api';

/**
 * The visitor's activity inside one previewer (spec §6), set by `FilePreviewer`'s
 * `visitorActivityId`: the viewers read it to call the anonymous API and to
 * leave out what visitors never get (notes, statistics, AI panels, play
 * progress, office providers, arrears). Null for signed-in users.
 */
export const VisitorActivityContext = createContext<VisitorActivityId>(null);

/** The visitor's activity id, or null for a signed-in user. */
export function useVisitorActivityId(): VisitorActivityId {
  return useContext(VisitorActivityContext);
}
