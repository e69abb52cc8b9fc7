import { createContext, type ReactNode } from 'react';

/** A vocabulary entry as the editor inserts it: `<span class="entry" data-entry-id="12">Name</span>` (issue 19 §4). */
export interface EditorEntry {
  id: number;
  name: string;
}

/** Props of the "entries select" popup (spec §1) the app hands the editor: mounted while open. */
export interface EntryPickerProps {
  /** The editor's language (i18next code such as `zh-cn`). */
  lng: string;
  onPick: (entry: EditorEntry) => void;
  onClose: () => void;
}

/**
 * Renders the entries select popup the editor offers on its toolbar, or null (no button). The editor is
 * domain-free: the app provides the popup (which fetches the organisation's entries) only where
 * the organisation's `vocabulary_entries` toggle is on.
 */
export const EditorEntryPickerContext = createContext<((props: EntryPickerProps) => ReactNode) | null>(null);
