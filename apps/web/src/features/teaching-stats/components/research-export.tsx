import { useId, useState } from 'react';
import { Button, Checkbox, Flex, Radio, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResearchExportStream } from '@atrium/contracts';
import { researchExportUrl } from '../api';
import type { StatsPeriod } from '../../../lib/period';

/**
 * The research export of the organisation's admins: its users' research activity over the period (and, when
 * ticked, their learning activity), pseudonymised by the server — a stable keyed pseudonym per user and
 * organisation, no names, e-mails or ids — downloaded as CSV or JSON (`GET /api/stat/research-activity/export`).
 */
export function ResearchExport({ period }: { period: StatsPeriod }) {
  const { t } = useTranslation('teachingStats');
  const formatId = useId();
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [withLearning, setWithLearning] = useState(false);
  const streams: ResearchExportStream[] = withLearning ? ['research_activity', 'learning_activity'] : ['research_activity'];
  return (
    <Flex vertical gap={12} data-testid="research-export">
      <Typography.Paragraph style={{ margin: 0 }}>{t('export.intro')}</Typography.Paragraph>
      <Flex align="center" gap={16} wrap>
        <Flex align="center" gap={8}>
          <span id={formatId}>{t('export.format')}</span>
          <Radio.Group
            aria-labelledby={formatId}
            value={format}
            onChange={(event) => setFormat(event.target.value as 'csv' | 'json')}
            options={[
              { value: 'csv', label: t('export.csv') },
              { value: 'json', label: t('export.json') },
            ]}
          />
        </Flex>
        <Checkbox checked={withLearning} onChange={(event) => setWithLearning(event.target.checked)}>
          {t('export.learning')}
        </Checkbox>
        <Button type="primary" icon={<DownloadOutlined />} href={researchExportUrl(period, format, streams)} download>
          {t('export.download')}
        </Button>
      </Flex>
    </Flex>
  );
}
