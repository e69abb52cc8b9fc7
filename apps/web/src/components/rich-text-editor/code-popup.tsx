import { useState } from 'react';
import { Modal, Select, Space } from 'antd';
import CodeMirror from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { useTranslation } from 'react-i18next';
import { CODE_LANGUAGES, type CodeLanguage } from './toolbar-items';

const LANGUAGE_EXTENSIONS = { javascript: () => javascript(), python: () => python() } as const;

/** Code editor popup (spec §2: javascript or python, CodeMirror): `onSave(code, language)` inserts a code block. */
export function CodePopup({
  open,
  lng,
  onSave,
  onClose,
}: {
  open: boolean;
  lng: string;
  onSave: (code: string, language: CodeLanguage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor', { lng });
  const [language, setLanguage] = useState<CodeLanguage>('javascript');
  const [code, setCode] = useState('');
  return (
    <Modal
      open={open}
      title={t('code.title')}
      okText={t('code.insert')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: code.trim() === '' }}
      onOk={() => onSave(code, language)}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label={t('code.language')}
          value={language}
          onChange={setLanguage}
          style={{ width: 200 }}
          options={CODE_LANGUAGES.map((value) => ({ value, label: t(`code.languages.${value}`) }))}
        />
        <div aria-label={t('code.source')}>
          <CodeMirror value={code} height="280px" extensions={[LANGUAGE_EXTENSIONS[language]()]} onChange={setCode} />
        </div>
      </Space>
    </Modal>
  );
}
