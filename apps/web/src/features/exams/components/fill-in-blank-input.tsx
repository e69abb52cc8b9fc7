import { useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderFormulas } from '../../../components/rich-text-editor/render-formulas';
import '../../../components/rich-text-editor/rich-text-editor.css';
import { markBlanks } from '../lib/blanks';

/**
 * A fill-in-blank subject (issue 15): its description as sanitised rich text (as RichHtml shows
 * it, formulas drawn) with one input at each `[[n]]` marker; blanks whose marker is missing are
 * listed below it. A blank with choices (`blankChoices`, imported from Moodle's gap-select,
 * drag-and-drop into text or a cloze's choice part) is a select of them, otherwise a text input.
 * The answer is one string per blank (index n − 1; '' for none).
 */
export function FillInBlankInput({
  description,
  blankCount,
  blankChoices,
  value,
  onChange,
  descriptionId,
  disabled,
}: {
  /** The subject's description (server-sanitised HTML with `[[n]]` markers). */
  description: string;
  blankCount: number;
  /** Per blank, the choices to pick from, or null for a blank typed in (AttemptSubject.blank_choices). */
  blankChoices?: readonly (readonly string[] | null)[];
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  /** id of the description element (the fieldset's aria-describedby). */
  descriptionId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('exams');
  const count = Math.max(1, blankCount);
  const { html, placed } = useMemo(() => markBlanks(description, count), [description, count]);
  const [slots, setSlots] = useState<ReadonlyMap<number, HTMLElement>>(new Map());
  // A new ref callback per HTML: React calls it again after the markup changes.
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return;
      void renderFormulas(node);
      for (const link of node.querySelectorAll('a[href]')) {
        link.setAttribute('target', '_blank');
        link.setAttribute('rel', 'noopener noreferrer');
      }
      const found = new Map<number, HTMLElement>();
      for (const span of node.querySelectorAll<HTMLElement>('span[data-blank]')) found.set(Number(span.dataset.blank), span);
      setSlots(found);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the markup is what the callback reads
    [html],
  );

  const answers = Array.from({ length: count }, (_, i) => value?.[i] ?? '');
  const set = (index: number, text: string) => onChange(answers.map((a, i) => (i === index ? text : a)));
  const blank = (n: number) => {
    const choices = blankChoices?.[n - 1];
    return choices ? (
      <Select<string>
        key={n}
        className="exam-blank-input"
        size="small"
        disabled={disabled}
        allowClear
        aria-label={t('answer.blank', { n })}
        placeholder={t('answer.chooseBlank')}
        popupMatchSelectWidth={false}
        value={answers[n - 1] || undefined}
        onChange={(choice) => set(n - 1, choice ?? '')}
        options={choices.map((choice) => ({ value: choice, label: choice }))}
        data-testid={`blank-${n}`}
      />
    ) : (
      <Input
        key={n}
        className="exam-blank-input"
        size="small"
        maxLength={500}
        disabled={disabled}
        aria-label={t('answer.blank', { n })}
        value={answers[n - 1]}
        onChange={(event) => set(n - 1, event.target.value)}
        data-testid={`blank-${n}`}
      />
    );
  };
  const unplaced = answers.map((_, i) => i + 1).filter((n) => !placed.includes(n));

  return (
    <>
      <div ref={attach} id={descriptionId} className="rich-text exam-fill-text" dangerouslySetInnerHTML={{ __html: html }} />
      {[...slots].map(([n, slot]) => (n <= count ? createPortal(blank(n), slot, `blank-${n}`) : null))}
      {unplaced.length > 0 && (
        <Space orientation="vertical" style={{ marginTop: 8 }}>
          {unplaced.map((n) => (
            <Space key={n}>
              <Typography.Text>{t('answer.blankLabel', { n })}</Typography.Text>
              {blank(n)}
            </Space>
          ))}
        </Space>
      )}
    </>
  );
}
