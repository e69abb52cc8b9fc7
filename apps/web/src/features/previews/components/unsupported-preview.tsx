import { Button } from 'antd';
import { Result } from '../../../components/result';
import { DownloadOutlined, FileUnknownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** "Preview of this file type arrives in a later release", with a download button when allowed. */
export function UnsupportedPreview({ downloadUrl }: { downloadUrl: string | null }) {
  const { t } = useTranslation('previewer');
  return (
    <Result
      icon={<FileUnknownOutlined />}
      title={t('unsupported.title')}
      subTitle={t('unsupported.description')}
      extra={
        downloadUrl ? (
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={downloadUrl} download>
            {t('toolbar.download')}
          </Button>
        ) : null
      }
    />
  );
}
