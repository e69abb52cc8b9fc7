import { useState, type ReactNode } from 'react';
import { Button, Card, Dropdown, Empty, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { DatabaseOutlined, DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Subject, SubjectType } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { SubjectText } from './subject-text';
import { useExamSubjects, useSubjectCategories, useSubjectMutations } from '../api';
import { questionNumbersOf } from '../lib/answers';
import { EDITABLE_SUBJECT_TYPES, isEditableType } from '../lib/subject-types';
import { formatPoints } from './attempt-result';
import { SubjectBankDrawer } from './subject-bank-drawer';
import { SubjectFormModal } from './subject-form-modal';
import { SubjectKeySummary } from './subject-key-summary';

type Popup = { subject: Subject | null; type: SubjectType };
const BANK_KEY = 'from-bank';

/** How many questions an attempt shows: a description none, a bank draw its `count`, any other one. */
const questionCountOf = (subjects: readonly Subject[]) =>
  subjects.reduce((sum, s) => sum + (s.type === 'description' ? 0 : s.type === 'random' ? (s.count ?? 1) : 1), 0);

/**
 * The course team's subjects of an exam (issue 15): each with its number, type, points, text
 * and answer key (a random draw with its category); add (by type, a random draw too), edit and
 * delete (confirmed) through SubjectFormModal; the total points; the course's question bank
 * (SubjectBankDrawer) to add bank subjects from. `extra` goes beside the title (the score-list link).
 */
export function SubjectList({ courseId, activityId, extra }: { courseId: number; activityId: number; extra?: ReactNode }) {
  const { t } = useTranslation('exams');
  const toast = useToast();
  const subjects = useExamSubjects(activityId);
  const { create, update, remove } = useSubjectMutations(activityId);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [isBankOpen, setBankOpen] = useState(false);
  const hasDraws = subjects.data?.subjects.some((s) => s.type === 'random') === true;
  const categories = useSubjectCategories(courseId, { enabled: hasDraws });
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));

  // The types to write here, then the course's bank to copy from (and to manage).
  const addMenu = {
    items: [
      ...EDITABLE_SUBJECT_TYPES.map((type) => ({ key: type, label: t(`types.${type}`) })),
      { type: 'divider' as const },
      { key: BANK_KEY, label: t('bank.fromBank'), icon: <DatabaseOutlined /> },
    ],
    onClick: ({ key }: { key: string }) => (key === BANK_KEY ? setBankOpen(true) : setPopup({ subject: null, type: key as SubjectType })),
    // A long menu scrolls inside itself rather than lengthening the page under it.
    style: { maxHeight: 'min(480px, 70vh)', overflowY: 'auto' as const },
  };
  const addButton = (
    <Dropdown menu={addMenu} trigger={['click']}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t('subjects.add')} <DownOutlined />
      </Button>
    </Dropdown>
  );

  let body;
  if (subjects.isPending) body = <PageSpinner minHeight={120} />;
  else if (subjects.isError) body = <ApiErrorResult error={subjects.error} onRetry={() => void subjects.refetch()} />;
  else if (subjects.data.subjects.length === 0) body = <Empty description={t('subjects.empty')}>{addButton}</Empty>;
  else {
    const numbers = questionNumbersOf(subjects.data.subjects);
    body = (
      <List
        dataSource={subjects.data.subjects}
        renderItem={(subject) => (
          <List.Item
            data-testid="exam-subject"
            data-subject-id={subject.id}
            actions={[
              isEditableType(subject.type) ? (
                <Button
                  key="edit"
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => setPopup({ subject, type: subject.type })}
                  aria-label={t('subjects.editOne', { name: numbers.get(subject.id) ?? t(`types.${subject.type}`) })}
                >
                  {t('subjects.edit')}
                </Button>
              ) : (
                <Typography.Text key="edit" type="secondary">
                  {t('subjects.notEditable')}
                </Typography.Text>
              ),
              <Popconfirm
                key="delete"
                title={t('subjects.deleteConfirm')}
                description={t('subjects.deleteHint')}
                okText={t('subjects.delete')}
                cancelText={t('form.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(subject.id).catch((error: unknown) => toast.error(error, t('subjects.deleteFailed')))}
              >
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('subjects.deleteOne', { name: numbers.get(subject.id) ?? t(`types.${subject.type}`) })}
                >
                  {t('subjects.delete')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Space orientation="vertical" style={{ width: '100%' }} size={4}>
              <Space wrap>
                {numbers.has(subject.id) && <Typography.Text strong>{t('attempt.question', { number: numbers.get(subject.id) })}</Typography.Text>}
                <Tag color="blue">{t(`types.${subject.type}`)}</Tag>
                {subject.type !== 'description' && <Tag>{t('attempt.points', { count: subject.score })}</Tag>}
              </Space>
              {subject.description ? <SubjectText subject={subject} /> : <Typography.Text type="secondary">{t('subjects.noText')}</Typography.Text>}
              <SubjectKeySummary subject={subject} categoryName={subject.category_id ? categoryName.get(subject.category_id) : undefined} />
            </Space>
          </List.Item>
        )}
      />
    );
  }

  const data = subjects.data;
  return (
    <Card
      data-testid="exam-subjects"
      title={
        <Space wrap>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('subjects.title')}
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary" data-testid="exam-total">
              {t('subjects.total', { count: questionCountOf(data.subjects), points: formatPoints(data.total_score) })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Flex gap={8} wrap>
          {extra}
          {data && data.subjects.length > 0 && addButton}
        </Flex>
      }
    >
      {body}
      {popup && (
        <SubjectFormModal
          courseId={courseId}
          subject={popup.subject}
          type={popup.type}
          number={popup.subject && data ? questionNumbersOf(data.subjects).get(popup.subject.id) : undefined}
          onSubmit={(body) => (popup.subject ? update.mutateAsync({ id: popup.subject.id, body }) : create.mutateAsync(body))}
          onClose={() => setPopup(null)}
        />
      )}
      <SubjectBankDrawer courseId={courseId} activityId={activityId} open={isBankOpen} onClose={() => setBankOpen(false)} />
    </Card>
  );
}
