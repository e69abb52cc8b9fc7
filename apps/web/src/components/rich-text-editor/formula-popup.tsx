import { useEffect, useRef, useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import katex from 'katex';
import { useTranslation } from 'react-i18next';
import { FORMULA_PLACEHOLDER, isFormulaPlaceholder } from './toolbar-items';

/**
 * Formula editor popup (spec §2): LaTeX source with a live KaTeX preview. Saving
 * while the source is still the placeholder is refused with the 'latex empty'
 * tip (spec §5); otherwise `onSave(latex)`.
 */
export function FormulaPopup({
  open,
  initialLatex,
  lng,
  onSave,
  onClose,
}: {
  open: boolean;
  initialLatex?: string;
  lng: string;
  onSave: (latex: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor', { lng });
  const [latex, setLatex] = useState(initialLatex || FORMULA_PLACEHOLDER);
  const [isEmptyTip, setEmptyTip] = useState(false);
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!preview.current) return;
    if (isFormulaPlaceholder(latex)) preview.current.textContent = '';
    else katex.render(latex, preview.current, { throwOnError: false, trust: false, displayMode: true });
  }, [latex, open]);

  const save = () => {
    if (isFormulaPlaceholder(latex)) {
      setEmptyTip(true);
      return;
    }
    onSave(latex.trim());
  };

  return (
    <Modal open={open} title={t('formula.title')} okText={t('formula.save')} cancelText={t('cancel')} onOk={save} onCancel={onClose} destroyOnHidden>
      <Input.TextArea
        aria-label={t('formula.source')}
        value={latex}
        rows={4}
        autoFocus
        onChange={(event) => {
          setLatex(event.target.value);
          setEmptyTip(false);
        }}
        style={{ fontFamily: 'monospace' }}
      />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0' }}>
        {t('formula.hint')}
      </Typography.Text>
      {isEmptyTip && <Alert type="warning" showIcon role="alert" message={t('formula.latexEmpty')} style={{ marginBottom: 8 }} />}
      <div
        aria-label={t('formula.preview')}
        data-testid="formula-preview"
        ref={preview}
        style={{ minHeight: 48, padding: 8, background: '#fafafa', overflowX: 'auto' }}
      />
    </Modal>
  );
}
