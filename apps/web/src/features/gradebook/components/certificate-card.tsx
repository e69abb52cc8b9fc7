import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIME_FORMAT, type Certificate, type CertificationScores, type GradeItem } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { certificateVerifyPath, useCheckCertification, useMyCertificates } from '../api';
import { formatScore } from '../lib/format';
import { formatInZone, useUserZone } from '../hooks/use-user-zone';
import { ItemTypeIcon } from './item-type-icon';

/** A certificate I hold: issued at (my zone), verification code, total, and its PDF. */
function HeldCertificate({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('gradebook');
  const zone = useUserZone();
  return (
    <Flex vertical gap={12} data-testid="my-certificate">
      <Typography.Text>{t('certificate.earned')}</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'issued', label: t('certificate.issuedAt'), children: formatInZone(certificate.issued_at, zone, TIME_FORMAT.display) },
          {
            key: 'code',
            label: t('certificate.code'),
            children: (
              <Flex gap={12} wrap align="baseline">
                <Typography.Text copyable>{certificate.code}</Typography.Text>
                <Link to={certificateVerifyPath(certificate.code)}>{t('verify.link')}</Link>
              </Flex>
            ),
          },
          { key: 'total', label: t('certificate.total'), children: t('table.percent', { value: formatScore(certificate.total) }) },
        ]}
      />
      <div>
        <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={certificate.pdf_url} download>
          {t('certificate.download')}
        </Button>
      </div>
    </Flex>
  );
}

/** What a check answered when no certificate came of it: no rule, or the total against the pass total and the required activities still without a published score. */
function CheckResult({ result, items }: { result: CertificationScores; items: readonly GradeItem[] }) {
  const { t } = useTranslation('gradebook');
  if (result.pass_total === null) return <Alert type="info" showIcon title={t('certificate.noRule')} data-testid="certificate-check" />;
  const total = result.total === null ? '—' : t('table.percent', { value: formatScore(result.total) });
  const isBelow = result.total === null || result.total < result.pass_total;
  const byId = new Map(items.map((i) => [i.activity_id, i]));
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="certificate-check"
      title={t('certificate.notYet')}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>
            {t('certificate.standing', { total, pass: t('table.percent', { value: formatScore(result.pass_total) }) })}
            {isBelow ? ` ${t('certificate.belowPass')}` : ''}
          </Typography.Text>
          {result.missing_activity_ids.length > 0 && (
            <>
              <Typography.Text>{t('certificate.missing', { count: result.missing_activity_ids.length })}</Typography.Text>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {result.missing_activity_ids.map((id) => {
                  const item = byId.get(id);
                  return (
                    <li key={id}>
                      {item ? (
                        <>
                          <ItemTypeIcon type={item.type} /> {item.title}
                        </>
                      ) : (
                        t('certificate.unpublishedActivity')
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Flex>
      }
    />
  );
}

/**
 * A learner's certificate of the course (issue 16 §4; spec §7): the one they hold (issued date,
 * code, PDF), else a "Check my certificate" button that asks `PUT
 * /api/user/course-certification/scores` — which issues the certificate when the rule is met —
 * and shows the standing. `items` are the learner's gradebook items, naming the missing activities.
 */
export function CertificateCard({ courseId, items }: { courseId: number; items: readonly GradeItem[] }) {
  const { t } = useTranslation('gradebook');
  const toast = useToast();
  const mine = useMyCertificates();
  const check = useCheckCertification(courseId);
  const held = mine.data?.items.find((c) => c.course_id === courseId) ?? check.data?.certificate ?? null;
  return (
    <Card
      size="small"
      loading={mine.isPending}
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('certificate.cardTitle')}
          </Typography.Title>
        </Flex>
      }
      style={{ marginBottom: 16, maxWidth: 560 }}
      data-testid="certificate-card"
    >
      {held ? (
        <HeldCertificate certificate={held} />
      ) : (
        <Flex vertical gap={12} align="start">
          <Typography.Text type="secondary">{t('certificate.checkHint')}</Typography.Text>
          <Button
            icon={<SafetyCertificateOutlined aria-hidden />}
            loading={check.isPending}
            onClick={() => check.mutate(undefined, { onError: (error) => toast.error(error, t('certificate.checkFailed')) })}
          >
            {t('certificate.check')}
          </Button>
          {check.data && !check.data.certificate && <CheckResult result={check.data} items={items} />}
        </Flex>
      )}
    </Card>
  );
}
