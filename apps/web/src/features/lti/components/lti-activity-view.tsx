import { useEffect } from 'react';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { activityKeys } from '../../activities/api';
import { ltiKeys, useLtiState } from '../api';

/**
 * An LTI tool activity (decision 0153): Launch opens the launch in a new window (the server
 * redirects it to the tool's login); the course team can also choose the tool's content (deep
 * linking) and sees the platform's values to register the tool with. A tool without a complete
 * LTI 1.3 registration (an imported Moodle tool, say) shows "this tool needs registering" instead.
 */
export function LtiActivityView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const state = useLtiState(activity.id);
  useEffect(() => {
    // The deep linking return page tells its opener that the link changed.
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; activity_id?: unknown } | null;
      if (event.origin !== window.location.origin || data?.type !== 'atrium:lti-deep-link' || data.activity_id !== activity.id) return;
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activity.id) });
      void queryClient.invalidateQueries({ queryKey: ltiKeys.state(activity.id) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [activity.id, queryClient]);
  if (state.isPending) return <PageSpinner minHeight={120} />;
  if (state.isError) return <Alert type="error" showIcon message={t('lti.loadError')} />;
  const lti = state.data;
  const open = (url: string) => window.open(url, '_blank', 'noopener');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="lti-view">
      <Typography.Text strong>{lti.tool_name}</Typography.Text>
      {lti.registered && lti.launch_url ? (
        <Space wrap>
          <Button type="primary" icon={<ExportOutlined />} onClick={() => open(lti.launch_url!)}>
            {t('lti.launch')}
          </Button>
          {lti.deep_link_url && <Button onClick={() => open(lti.deep_link_url!)}>{t('lti.chooseContent')}</Button>}
        </Space>
      ) : (
        <Alert
          type="warning"
          showIcon
          data-testid="lti-needs-registering"
          message={t('lti.needsRegistering')}
          description={lti.tool_url ? t('lti.needsRegisteringUrl', { url: lti.tool_url }) : t('lti.needsRegisteringHint')}
        />
      )}
      {lti.is_team && (
        <Descriptions size="small" column={1} bordered title={t('lti.platformValues')}>
          <Descriptions.Item label={t('lti.issuer')}>
            <Typography.Text copyable>{lti.platform.issuer}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('lti.authorizationUrl')}>
            <Typography.Text copyable>{lti.platform.authorization_url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('lti.tokenUrl')}>
            <Typography.Text copyable>{lti.platform.token_url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('lti.jwksUrl')}>
            <Typography.Text copyable>{lti.platform.jwks_url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('lti.deepLinkReturnUrl')}>
            <Typography.Text copyable>{lti.platform.deep_link_return_url}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
