import { Alert, Button, Flex, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SidePanel } from '../lib/preview-rules';

/**
 * The question panel and the AI quiz panel beside the previewed document
 * (spec §2, §6). Atrium has no AI service configured in this release: the
 * panel says so plainly and offers no answers.
 */
export function AiSidePanel({ panel, fileName, onClose }: { panel: Exclude<SidePanel, 'none'>; fileName: string; onClose: () => void }) {
  const { t } = useTranslation('previewer');
  const title = panel === 'question' ? t('panels.question') : t('panels.aiQuiz');
  return (
    <aside aria-label={title} data-testid={`panel-${panel}`} style={{ width: 320, borderLeft: '1px solid #f0f0f0', display: 'flex', flexDirection: 'column' }}>
      <Flex align="center" style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {title}
        </Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('panels.close')} onClick={onClose} />
      </Flex>
      <div style={{ padding: 12 }}>
        <Typography.Paragraph type="secondary">{t('panels.about', { name: fileName })}</Typography.Paragraph>
        <Alert type="info" showIcon title={t('panels.notConfigured')} data-testid="ai-not-configured" />
      </div>
    </aside>
  );
}
