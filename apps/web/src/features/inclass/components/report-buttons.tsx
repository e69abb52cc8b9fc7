import { useState } from 'react';
import { Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { downloadInclassReport } from '../api';

/** Downloads a session's in-class report (`POST /api/course/{id}/inclass-report`) as XLSX or CSV. */
export function ReportButtons({ courseId, sessionId, fileName }: { courseId: number; sessionId: number; fileName: string }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      saveBlob(await downloadInclassReport(courseId, sessionId, format), `${fileName}.${format}`);
    } catch (error) {
      toast.error(error, t('report.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
        {t('report.xlsx')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        {t('report.csv')}
      </Button>
    </Space>
  );
}
