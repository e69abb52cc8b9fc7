import { Suspense } from 'react';
import { PageSpinner } from '../page-spinner';
import { lazyNamed } from '../../lib/lazy-named';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazyNamed(() => import('./rich-text-editor'), 'RichTextEditor');

/** The rich text editor as its own chunk (Tiptap, KaTeX and CodeMirror load only where an editor is shown). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<PageSpinner minHeight={props.minHeight ?? 200} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
