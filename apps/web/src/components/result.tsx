import { lazy, Suspense, type CSSProperties } from 'react';
import type { ResultProps as AntResultProps } from 'antd';

/** antd's Result, fetched on first use: its 403/404/500 illustrations are ~35 KB of code every page would parse otherwise. */
const AntResult = lazy(() => import('antd/es/result'));

export interface ResultProps extends AntResultProps {
  /**
   * The result is the whole page (not found, an error, a failed join): its title is drawn as the page's
   * level-one heading, at the result title's own size (axe page-has-heading-one; decision 0146).
   */
  pageTitle?: boolean;
}

/** The heading keeps the look of the title around it (antd's `.ant-result-title`: 24px, its colour and line height). */
const HEADING_STYLE: CSSProperties = { margin: 0, font: 'inherit', color: 'inherit' };

/**
 * antd's `Result` (same props) loaded when a result is first shown — errors, empty and finished
 * states, which most page loads never show (issue 22 §3: first loads light). While it loads, the
 * same title, sub-title, extra and children are shown without the icon, so the words and actions
 * (a retry button, a way home) are there from the first frame.
 */
export function Result({ pageTitle, ...props }: ResultProps) {
  const shown = pageTitle && props.title ? { ...props, title: <h1 style={HEADING_STYLE}>{props.title}</h1> } : props;
  return (
    <Suspense fallback={<ResultText {...shown} />}>
      <AntResult {...shown} />
    </Suspense>
  );
}

function ResultText({ title, subTitle, extra, children, className, style, ...rest }: AntResultProps) {
  // data-* and aria-* attributes (test ids, labels) are the result's as much as its words.
  const attributes = Object.fromEntries(Object.entries(rest).filter(([key]) => key.startsWith('data-') || key.startsWith('aria-')));
  return (
    <div className={['atrium-result', className].filter(Boolean).join(' ')} style={style} {...attributes}>
      {title && <div className="atrium-result-title">{title}</div>}
      {subTitle && <div className="atrium-result-subtitle">{subTitle}</div>}
      {extra && <div className="atrium-result-extra">{extra}</div>}
      {children}
    </div>
  );
}
