import { useEffect, useState } from 'react';
import { scopeHeaders } from '../../../lib/api-client';
import { loadImageSource, loadPdfSource, type EditorSource } from '../lib/editor-source';

export type EditorSourceState = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; source: EditorSource };

/** Opens the file at `url` as an editor source (pdf.js for PDFs, an image element for images); idle without a URL. */
export function useEditorSource(kind: 'pdf' | 'image', url: string | null): EditorSourceState {
  const [state, setState] = useState<{ key: string; value: EditorSourceState } | null>(null);
  const key = `${kind} ${url ?? ''}`;
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let loaded: EditorSource | null = null;
    performance.mark('pdf-editor:source-requested');
    (kind === 'image' ? loadImageSource(url) : loadPdfSource(url, scopeHeaders())).then(
      (source) => {
        if (cancelled) {
          source.destroy();
          return;
        }
        loaded = source;
        setState({ key, value: { status: 'ready', source } });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('The editor could not open the file', error);
        setState({ key, value: { status: 'error' } });
      },
    );
    return () => {
      cancelled = true;
      loaded?.destroy();
    };
  }, [key, kind, url]);
  if (!url) return { status: 'idle' };
  return state?.key === key ? state.value : { status: 'loading' };
}
