import { Input } from 'antd';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import type { EditorToolbarItem } from '../../../components/rich-text-editor/toolbar-items';

/** The short toolbar of an option's or a prompt's editor: inline formatting, formulas, sub/superscript. */
const OPTION_TOOLBAR: readonly EditorToolbarItem[] = ['bold', 'italic', 'underline', 'superscript', 'subscript', 'formula', 'clean'];

/**
 * The text of an option or a matching prompt (antd form control): a one-line text area, or —
 * when `isRich` (its text holds markup, e.g. an imported option, or the author asked for
 * formatting) — the rich-text editor with a short toolbar, so HTML is edited as formatted text
 * and never shown as raw tags.
 */
export function OptionTextInput({
  isRich,
  value,
  onChange,
  id,
  placeholder,
  'aria-label': ariaLabel,
}: {
  isRich: boolean;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
  'aria-label': string;
}) {
  if (isRich) return <LazyRichTextEditor id={id} value={value} onChange={onChange} aria-label={ariaLabel} toolbar={OPTION_TOOLBAR} minHeight={48} />;
  return (
    <Input.TextArea
      id={id}
      rows={1}
      autoSize={{ minRows: 1, maxRows: 6 }}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      aria-label={ariaLabel}
      placeholder={placeholder}
    />
  );
}
