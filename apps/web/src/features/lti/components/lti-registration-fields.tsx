import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

const URL_FIELDS = ['tool_url', 'login_url', 'target_link_uri', 'jwks_url', 'deep_link_url'] as const;

/**
 * An LTI tool's registration in the activity form (decision 0153; fields of `data`): its name and
 * URL, the client id and deployment id the platform gave it, its OIDC login initiation URL, target
 * link URI, key (a JWKS URL or a public key), deep linking URL and the points its line item is out
 * of. Without client id, login URL and a key the activity shows "this tool needs registering".
 */
export function LtiRegistrationFields() {
  const { t } = useTranslation('activities');
  const httpRule = { type: 'url' as const, message: t('lti.urlInvalid') };
  return (
    <fieldset data-testid="lti-registration" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px 0', margin: '0 0 24px', minWidth: 0 }}>
      <legend style={{ width: 'auto', padding: '0 6px', margin: 0, border: 0, fontSize: 14 }}>{t('lti.registration')}</legend>
      <Form.Item name={['data', 'tool_name']} label={t('lti.toolName')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name={['data', 'client_id']} label={t('lti.clientId')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name={['data', 'deployment_id']} label={t('lti.deploymentId')}>
        <Input maxLength={255} />
      </Form.Item>
      {URL_FIELDS.map((field) => (
        <Form.Item key={field} name={['data', field]} label={t(`lti.${field}`)} rules={[httpRule]}>
          <Input maxLength={2000} inputMode="url" />
        </Form.Item>
      ))}
      <Form.Item name={['data', 'public_key']} label={t('lti.public_key')} extra={t('lti.publicKeyHint')}>
        <Input.TextArea rows={3} maxLength={10_000} />
      </Form.Item>
      <Form.Item name={['data', 'max_score']} label={t('lti.maxScore')}>
        <InputNumber min={1} max={100_000} />
      </Form.Item>
    </fieldset>
  );
}
