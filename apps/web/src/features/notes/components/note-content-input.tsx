import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import type { EditorToolbarItem } from '../../../components/rich-text-editor/toolbar-items';

/** The note box is 290px wide (spec §5): a compact toolbar of the formatting notes need. */
export const NOTE_EDITOR_TOOLBAR: readonly EditorToolbarItem[] = ['bold', 'italic', 'underline', 'strikethrough', 'lists', 'link', 'formula'];

/**
 * Note content input (spec §3 Note "rich text", issue 7 editor): the shared
 * rich-text editor, lazily loaded, with a compact toolbar. Its value is HTML
 * (the server sanitises it with the shared allow-list); works as an antd Form
 * control (`value` / `onChange`).
 */
export function NoteContentInput({
  value = '',
  onChange,
  id,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <div data-testid="note-content-input">
      <LazyRichTextEditor value={value} onChange={onChange} id={id} aria-label={ariaLabel} toolbar={NOTE_EDITOR_TOOLBAR} minHeight={96} />
    </div>
  );
}
