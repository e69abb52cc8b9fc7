import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Input, Typography } from 'antd';
import { Result } from '../../../components/result';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TIME_FORMAT } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { certificateVerifyPath, useCertificateVerification } from '../api';
import { formatScore } from '../lib/format';
import { formatInZone } from '../hooks/use-user-zone';

/** The zone a visitor reads dates in: their browser's (nobody is signed in here). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * `/guest/certificates/verify/{code}` (issue 16 §4): anyone — an employer, another school — types
 * the code printed on a certificate and reads what it states (learner, course, total, issue date),
 * or that no certificate has that code. Public: outside the signed-in shell, no redirect to login.
 */
export function CertificateVerifyPage() {
  const { t } = useTranslation('gradebook');
  const navigate = useNavigate();
  const { code: codeParam } = useParams();
  const code = codeParam?.trim() ? codeParam.trim().toUpperCase() : null;
  const [draft, setDraft] = useState(code ?? '');
  const verification = useCertificateVerification(code);

  let body = null;
  if (code !== null) {
    if (verification.isPending) body = <PageSpinner minHeight={120} />;
    else if (verification.isError) {
      body = isApiError(verification.error, 404) ? (
        <Alert type="error" showIcon role="alert" title={t('verify.notFound', { code })} data-testid="certificate-verification" />
      ) : (
        <ApiErrorResult error={verification.error} onRetry={() => void verification.refetch()} />
      );
    } else {
      const found = verification.data;
      body = (
        <Result
          status="success"
          icon={<SafetyCertificateOutlined aria-hidden />}
          title={t('verify.valid')}
          data-testid="certificate-verification"
          extra={
            <Descriptions
              bordered
              size="small"
              column={1}
              style={{ textAlign: 'start' }}
              items={[
                { key: 'learner', label: t('verify.learner'), children: found.user_name },
                { key: 'course', label: t('verify.course'), children: found.course_title },
                { key: 'total', label: t('certificate.total'), children: t('table.percent', { value: formatScore(found.total) }) },
                { key: 'issued', label: t('certificate.issuedAt'), children: formatInZone(found.issued_at, browserZone(), TIME_FORMAT.display) },
                { key: 'code', label: t('certificate.code'), children: found.code },
              ]}
            />
          }
        />
      );
    }
  }

  return (
    <main style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <Card>
        <Flex vertical gap={16}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('verify.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('verify.intro')}
          </Typography.Paragraph>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const next = draft.trim();
              if (next) void navigate(certificateVerifyPath(next));
            }}
          >
            <Flex gap={8}>
              <Input
                aria-label={t('certificate.code')}
                placeholder="XXXX-XXXX-XXXX"
                value={draft}
                maxLength={40}
                onChange={(event) => setDraft(event.target.value)}
                style={{ maxWidth: 280 }}
              />
              <Button type="primary" htmlType="submit" disabled={!draft.trim()}>
                {t('verify.check')}
              </Button>
            </Flex>
          </form>
          {body}
        </Flex>
      </Card>
    </main>
  );
}
