import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadBlobUrl } from '../../uploads/api';
import { useEntry } from '../api';

/** The marked words the layer serves: entries the editor inserted (`<span class="entry" data-entry-id>`). */
const ENTRY_SELECTOR = '.entry[data-entry-id]';

interface Shown {
  id: number;
  element: HTMLElement;
  top: number;
  left: number;
}

/** Entry markup outside an editing area (the editor has its own handling). */
function entryAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest<HTMLElement>(ENTRY_SELECTOR);
  if (!element || element.closest('[contenteditable="true"]')) return null;
  return element;
}

/** Lets every entry of the page take the keyboard focus (stored HTML carries no tabindex). */
function makeFocusable(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(ENTRY_SELECTOR)) {
    if (!element.hasAttribute('tabindex') && !element.closest('[contenteditable="true"]')) element.tabIndex = 0;
  }
}

/**
 * Learners' hover card of vocabulary entries (issue 19 §4): one layer for the whole signed-in app
 * that shows `GET /api/entries/{id}` — name, keywords, files to download — beside any entry in
 * rendered rich text when the pointer rests on it or it takes the keyboard focus (every entry is
 * made focusable); Escape, leaving, or blurring it closes the card. Mounted only while the
 * organisation's toggle is on.
 */
export function EntryCardLayer() {
  const { t } = useTranslation('entries');
  const [shown, setShown] = useState<Shown | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const cardId = useId();
  const entry = useEntry(shown?.id ?? null);

  const show = useCallback((element: HTMLElement) => {
    const id = Number(element.getAttribute('data-entry-id'));
    if (!Number.isInteger(id) || id <= 0) return;
    const rect = element.getBoundingClientRect();
    setShown((current) =>
      current?.element === element ? current : { id, element, top: rect.bottom + 6, left: Math.max(8, Math.min(rect.left, window.innerWidth - 328)) },
    );
  }, []);

  useEffect(() => {
    makeFocusable(document);
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) makeFocusable(node.parentNode ?? node);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const onOver = (event: Event) => {
      const element = entryAt(event.target);
      if (element) show(element);
    };
    const onOut = (event: Event) => {
      const next = (event as MouseEvent | FocusEvent).relatedTarget;
      if (next instanceof Node && card.current?.contains(next)) return;
      setShown((current) => (current && (!(next instanceof Node) || !current.element.contains(next)) ? null : current));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown(null);
    };
    document.addEventListener('mouseover', onOver);
    document.addEventListener('focusin', onOver);
    document.addEventListener('mouseout', onOut);
    document.addEventListener('focusout', onOut);
    document.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('focusin', onOver);
      document.removeEventListener('mouseout', onOut);
      document.removeEventListener('focusout', onOut);
      document.removeEventListener('keydown', onKey);
    };
  }, [show]);

  // The marked word names its card while it shows.
  useEffect(() => {
    if (!shown) return;
    shown.element.setAttribute('aria-describedby', cardId);
    return () => shown.element.removeAttribute('aria-describedby');
  }, [shown, cardId]);

  if (!shown) return null;
  const data = entry.data;
  return (
    <div
      ref={card}
      id={cardId}
      role="tooltip"
      className="entry-card"
      style={{ top: shown.top, left: shown.left }}
      onMouseLeave={(event) => {
        if (!(event.relatedTarget instanceof Node && shown.element.contains(event.relatedTarget))) setShown(null);
      }}
    >
      {entry.isError ? (
        <span>{t('card.unavailable')}</span>
      ) : !data ? (
        <span>{t('card.loading')}</span>
      ) : (
        <>
          <div className="entry-card-name">{data.name}</div>
          {data.keywords.length > 0 ? (
            <div aria-label={t('card.keywords')}>
              {data.keywords.map((k) => (
                <Tag key={k.name}>{k.name}</Tag>
              ))}
            </div>
          ) : (
            <div>{t('card.noKeywords')}</div>
          )}
          {data.uploads.length > 0 && (
            <ul className="entry-card-files" aria-label={t('card.files')}>
              {data.uploads.map((file) => (
                <li key={file.id}>
                  <a href={uploadBlobUrl(file.id)} download={file.name}>
                    {file.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
