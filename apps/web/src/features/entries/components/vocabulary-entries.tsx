import type { ReactNode } from 'react';
import { EditorEntryPickerContext, type EntryPickerProps } from '../../../components/rich-text-editor/editor-entries';
import { useOrg } from '../../calendar/api';
import { EntriesSelectPopup } from './entries-select-popup';
import { EntryCardLayer } from './entry-card-layer';
import './entries.css';

/** The editor's entries select: the popup of this feature. */
const renderEntriesSelect = (props: EntryPickerProps) => <EntriesSelectPopup {...props} />;

/**
 * Vocabulary entries in the signed-in app (issue 19 §4, spec §6 toggle "vocabulary entries"): while
 * `GET /api/org` answers `toggles.vocabulary_entries`, every rich text editor below offers the
 * entries select popup and entries in rendered rich text show their hover card; otherwise neither.
 */
export function VocabularyEntries({ children }: { children: ReactNode }) {
  const org = useOrg();
  const isOn = org.data?.toggles.vocabulary_entries === true;
  return (
    <EditorEntryPickerContext.Provider value={isOn ? renderEntriesSelect : null}>
      {children}
      {isOn && <EntryCardLayer />}
    </EditorEntryPickerContext.Provider>
  );
}
