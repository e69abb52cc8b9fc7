import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { useAccessCode, useResetAccessCode } from '../api';

/**
 * Access-code popup for instructors (spec §4): shows the course's code large and
 * copyable (the server makes one when the course has none), with the join link,
 * and "Reset" when the code is resetable.
 */
export function AccessCodePopup({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const code = useAccessCode(courseId, open);
  const reset = useResetAccessCode(courseId);
  const accessCode = code.data?.access_code ?? null;
  const joinLink = accessCode ? `${window.location.origin}/course/join/${accessCode}` : '';
  const failure = code.error ?? reset.error;

  return (
    <Modal open={open} title={t('accessCode.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {code.isPending && <PageSpinner minHeight={160} />}
      {failure && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={serverMessageOf(failure) ?? t('common:result.error.title')} />}
      {code.data && (
        <Flex vertical align="center" gap={12} style={{ padding: '8px 0 4px' }}>
          <Typography.Text type="secondary">{t('accessCode.hint')}</Typography.Text>
          {accessCode ? (
            <Typography.Text
              data-testid="access-code"
              copyable={{ text: accessCode, tooltips: [t('accessCode.copy'), t('accessCode.copied')] }}
              style={{ fontSize: 36, fontWeight: 700, letterSpacing: 6, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            >
              {accessCode}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('accessCode.none')}</Typography.Text>
          )}
          {accessCode && (
            <Typography.Text type="secondary" copyable={{ text: joinLink }} style={{ fontSize: 12 }}>
              {t('accessCode.link')}: {joinLink}
            </Typography.Text>
          )}
          {code.data.resetable && (
            <Button icon={<ReloadOutlined aria-hidden />} loading={reset.isPending} onClick={() => reset.mutate()}>
              {t('accessCode.reset')}
            </Button>
          )}
        </Flex>
      )}
    </Modal>
  );
}
