import { Suspense } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import type { QuestionPanelProps } from '../../forum-questions/components/question-panel';
import type { SidePanel } from '../lib/preview-rules';

const QuestionPanel = lazyNamed(() => import('../../forum-questions/components/question-panel'), 'QuestionPanel');

/**
 * The question panel and the AI quiz panel beside the previewed document (spec §2, §6; mutually
 * exclusive). The question panel (issue 18 §4) lists and takes questions on the file in its
 * activity (`question`: the file, its activity and anchors; without an activity there is nothing
 * to ask in, and the panel says so). Atrium has no AI service configured in this release: the AI
 * quiz panel says so plainly and offers no answers.
 */
export function AiSidePanel({
  panel,
  fileName,
  onClose,
  question = null,
}: {
  panel: Exclude<SidePanel, 'none'>;
  fileName: string;
  onClose: () => void;
  question?: Omit<QuestionPanelProps, 'onClose'> | null;
}) {
  const { t } = useTranslation('previewer');
  if (panel === 'question' && question) {
    return (
      <Suspense fallback={null}>
        <QuestionPanel key={`${question.activityId}:${question.uploadId}`} {...question} onClose={onClose} />
      </Suspense>
    );
  }
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
        {panel === 'question' ? (
          <Alert type="info" showIcon title={t('questions.needsActivity')} data-testid="questions-need-activity" />
        ) : (
          <Alert type="info" showIcon title={t('panels.notConfigured')} data-testid="ai-not-configured" />
        )}
      </div>
    </aside>
  );
}
