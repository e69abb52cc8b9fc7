import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { CodePopup } from './code-popup';
import { EditorEntryPickerContext } from './editor-entries';
import { editorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';
import { FormulaPopup } from './formula-popup';
import { LinkPopup } from './link-popup';
import { DEFAULT_EDITOR_TOOLBAR, editorLocaleOf, type EditorLocale, type EditorToolbarItem } from './toolbar-items';
import './rich-text-editor.css';
import { useToast } from '../../lib/toast';

/** Uploads an image chosen in the editor; resolves with the address to show it at. Rejections show the editor's upload-failed text. */
export type EditorImageUploader = (file: File) => Promise<{ src: string; alt?: string }>;

/** What `renderAddon` gets: inserts into the document at the cursor. */
export interface RichTextEditorHandle {
  /** Inserts `<span class="mention" data-user-id="…">@Name</span>` at the cursor (replacing an `@` just typed before it) and a space. */
  insertMention(user: { id: number; name: string }): void;
  focus(): void;
}

export interface RichTextEditorProps {
  /** HTML content (antd Form.Item `value`). */
  value?: string;
  /** Called with the editor's HTML after each change; '' when the document is empty. */
  onChange?: (html: string) => void;
  /** Toolbar items in order; defaults to the spec §9 defaults plus the formula editor. */
  toolbar?: readonly EditorToolbarItem[];
  /** Uploads images (the app's upload pipeline); without it the image button is disabled. */
  onUploadImage?: EditorImageUploader;
  /** Accessible name of the editing area. */
  'aria-label'?: string;
  id?: string;
  /** Minimum height of the editing area in pixels. */
  minHeight?: number;
  /** Shown under the toolbar with a handle on the document (the forum's mention picker). */
  renderAddon?: (handle: RichTextEditorHandle) => ReactNode;
  /** Called when `@` is typed (the forum opens its mention picker). */
  onAtSign?: () => void;
}

/** The page's editor locale: `<html lang>` mapped to an editor locale, en-US by default (spec §9). */
function usePageEditorLocale(): EditorLocale {
  const [locale, setLocale] = useState(() => editorLocaleOf(typeof document === 'undefined' ? '' : document.documentElement.lang));
  useEffect(() => {
    const html = document.documentElement;
    const observer = new MutationObserver(() => setLocale(editorLocaleOf(html.lang)));
    observer.observe(html, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return locale;
}

/**
 * Domain-free rich text editor (Tiptap): the spec §9 toolbar, images through
 * `onUploadImage`, the formula (LaTeX, KaTeX) and code (javascript, python,
 * CodeMirror) popups of spec §2, the entries select of spec §1 where the app provides one
 * (EditorEntryPickerContext), labels in the page's language (`<html lang>`, default en-US).
 * Emits HTML; the server sanitises it before storing.
 */
export function RichTextEditor({
  value,
  onChange,
  toolbar = DEFAULT_EDITOR_TOOLBAR,
  onUploadImage,
  id,
  minHeight = 200,
  renderAddon,
  onAtSign,
  ...rest
}: RichTextEditorProps) {
  const locale = usePageEditorLocale();
  const lng = locale.toLowerCase();
  const { t } = useTranslation('editor', { lng });
  const toast = useToast();
  const onChangeRef = useRef(onChange);
  const onAtSignRef = useRef(onAtSign);
  useEffect(() => {
    onChangeRef.current = onChange;
    onAtSignRef.current = onAtSign;
  }, [onChange, onAtSign]);
  const extensions = useMemo(() => editorExtensions(), []);
  const editor = useEditor({
    extensions,
    content: value ?? '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': rest['aria-label'] ?? t('area'), class: 'rte-content', ...(id ? { id } : {}) },
      handleTextInput: (_view, _from, _to, text) => {
        if (text === '@') onAtSignRef.current?.();
        return false;
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current?.(current.isEmpty ? '' : current.getHTML()),
  });

  // A value set from outside (form reset, loaded activity) replaces the document.
  useEffect(() => {
    // A destroyed editor (the popup holding it closed or remounted) has no schema to serialise with.
    if (!editor || editor.isDestroyed || value === undefined) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const [popup, setPopup] = useState<'link' | 'code' | 'formula' | 'entries' | null>(null);
  // The entries select (issue 19 §4): offered only where the app provides it (the organisation's toggle on).
  const renderEntryPicker = useContext(EditorEntryPickerContext);
  const [formulaLatex, setFormulaLatex] = useState('');
  const [isUploadingImage, setUploadingImage] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const chooseFile = async (file: File) => {
    if (!onUploadImage) return;
    setUploadingImage(true);
    try {
      const { src, alt } = await onUploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: alt ?? file.name })
        .run();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? t('image.uploadError', { reason: error.message }) : t('image.uploadFailed'));
    } finally {
      setUploadingImage(false);
    }
  };

  const openFormula = () => {
    const selected = editor.isActive('formula') ? String(editor.getAttributes('formula').latex ?? '') : '';
    setFormulaLatex(selected);
    setPopup('formula');
  };

  return (
    <div className="rte" data-editor-locale={locale}>
      <EditorToolbar
        editor={editor}
        items={toolbar}
        lng={lng}
        popups={{
          openLink: () => setPopup('link'),
          openCode: () => setPopup('code'),
          openFormula,
          chooseImage: () => fileInput.current?.click(),
          isImageEnabled: !!onUploadImage,
          isUploadingImage,
          ...(renderEntryPicker ? { openEntries: () => setPopup('entries') } : {}),
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        data-testid="editor-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void chooseFile(file);
        }}
      />
      {renderAddon?.({
        insertMention: (user) => {
          const { from } = editor.state.selection;
          const typedAt = from > 0 && editor.state.doc.textBetween(from - 1, from) === '@';
          editor
            .chain()
            .focus()
            .deleteRange(typedAt ? { from: from - 1, to: from } : { from, to: from })
            .insertContent([
              { type: 'mention', attrs: { userId: String(user.id), label: user.name } },
              { type: 'text', text: ' ' },
            ])
            .run();
        },
        focus: () => editor.commands.focus(),
      })}
      <EditorContent editor={editor} style={{ minHeight }} />
      {popup === 'link' && (
        <LinkPopup
          open
          lng={lng}
          initialHref={String(editor.getAttributes('link').href ?? '')}
          onClose={() => setPopup(null)}
          onSave={(href) => {
            const c = editor.chain().focus().extendMarkRange('link');
            if (href) c.setLink({ href }).run();
            else c.unsetLink().run();
            setPopup(null);
          }}
        />
      )}
      {popup === 'code' && (
        <CodePopup
          open
          lng={lng}
          onClose={() => setPopup(null)}
          onSave={(code, language) => {
            editor
              .chain()
              .focus()
              .insertContent({ type: 'codeBlock', attrs: { language }, content: [{ type: 'text', text: code }] })
              .run();
            setPopup(null);
          }}
        />
      )}
      {popup === 'entries' &&
        renderEntryPicker?.({
          lng,
          onClose: () => setPopup(null),
          onPick: (entry) => {
            editor
              .chain()
              .focus()
              .insertContent([
                { type: 'entry', attrs: { entryId: String(entry.id), label: entry.name } },
                { type: 'text', text: ' ' },
              ])
              .run();
            setPopup(null);
          },
        })}
      {popup === 'formula' && (
        <FormulaPopup
          open
          lng={lng}
          initialLatex={formulaLatex}
          onClose={() => setPopup(null)}
          onSave={(latex) => {
            editor.chain().focus().insertContent({ type: 'formula', attrs: { latex } }).run();
            setPopup(null);
          }}
        />
      )}
    </div>
  );
}
