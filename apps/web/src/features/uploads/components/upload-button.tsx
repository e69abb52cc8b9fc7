import { useRef } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * "Upload file" button over a hidden `<input type=file multiple>`
 * (`data-testid="upload-input"`, so tests can set files on it directly).
 */
export function UploadButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        aria-label={t('button.upload')}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled={disabled} onClick={() => input.current?.click()}>
        {t('button.upload')}
      </Button>
    </>
  );
}
