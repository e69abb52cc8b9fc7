import { useState, type ReactNode } from 'react';
import { Button, Card, Dropdown, Empty, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_SUBJECT_TYPES, type QuestionnaireSubject, type QuestionnaireSubjectType } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useQuestionnaireSubjectMutations } from '../api';
import { SubjectFormModal } from './subject-form-modal';

/** One line that sums a subject's own fields: its options, scale, rows × columns or kind of text. */
function SubjectSummary({ subject }: { subject: QuestionnaireSubject }) {
  const { t } = useTranslation('questionnaires');
  switch (subject.type) {
    case 'single_selection':
    case 'multiple_selection':
      return (
        <Flex gap={4} wrap>
          {(subject.options ?? []).map((option) => (
            <Tag key={option.id}>{option.content}</Tag>
          ))}
        </Flex>
      );
    case 'rating': {
      const rating = subject.rating;
      if (!rating) return null;
      const end = (value: number, label: string) => (label ? `${value} (${label})` : String(value));
      return (
        <Typography.Text type="secondary">
          {t('editor.scaleSummary', { from: end(rating.min, rating.min_label), to: end(rating.max, rating.max_label) })}
        </Typography.Text>
      );
    }
    case 'matrix':
      return (
        <Typography.Text type="secondary">
          {t('editor.matrixSummary', { rows: subject.rows?.length ?? 0, columns: subject.columns?.length ?? 0 })}:{' '}
          {(subject.columns ?? []).map((c) => c.content).join(' · ')}
        </Typography.Text>
      );
    case 'text':
      return <Typography.Text type="secondary">{subject.multiline ? t('editor.textMultiline') : t('editor.textSingle')}</Typography.Text>;
  }
}

/**
 * The course team's subjects of a questionnaire (issue 15 §5): the list in order with type,
 * required mark and a summary of each; add one of the five types, edit or delete one (a modal
 * per type). `extra` sits beside the add button.
 */
export function SubjectEditor({ activityId, subjects, extra }: { activityId: number; subjects: QuestionnaireSubject[]; extra?: ReactNode }) {
  const { t } = useTranslation('questionnaires');
  const toast = useToast();
  const mutations = useQuestionnaireSubjectMutations(activityId);
  const [editing, setEditing] = useState<{ subject: QuestionnaireSubject | null; type: QuestionnaireSubjectType; number?: number } | null>(null);

  const addButton = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: QUESTIONNAIRE_SUBJECT_TYPES.map((type) => ({ key: type, label: t(`types.${type}`) })),
        onClick: ({ key }) => setEditing({ subject: null, type: key as QuestionnaireSubjectType }),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        <Space size={4}>
          {t('editor.add')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="subject-editor">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('editor.count', { count: subjects.length })}</Typography.Text>
        <Space wrap>
          {extra}
          {addButton}
        </Space>
      </Flex>
      {subjects.length === 0 ? (
        <Empty description={t('editor.empty')} />
      ) : (
        subjects.map((subject, index) => (
          <Card
            key={subject.id}
            size="small"
            data-testid="subject-item"
            title={
              <Flex gap={8} align="center" wrap>
                <span>{index + 1}.</span>
                <Tag color="blue">{t(`types.${subject.type}`)}</Tag>
                {subject.is_required && <Tag color="red">{t('form.required')}</Tag>}
              </Flex>
            }
            extra={
              <Space size={0}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('editor.edit', { number: index + 1 })}
                  onClick={() => setEditing({ subject, type: subject.type, number: index + 1 })}
                />
                <Popconfirm
                  title={t('editor.deleteConfirm', { number: index + 1 })}
                  description={t('editor.deleteHint')}
                  okText={t('editor.delete')}
                  cancelText={t('editor.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    mutations.remove.mutateAsync(subject.id).then(
                      () => toast.success(t('editor.deleted')),
                      (error: unknown) => toast.error(error),
                    )
                  }
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('editor.deleteLabel', { number: index + 1 })} />
                </Popconfirm>
              </Space>
            }
          >
            <Space direction="vertical" size={8} style={{ width: '100%' }}>
              {subject.description ? (
                <div className="q-rich">
                  <RichHtml html={subject.description} />
                </div>
              ) : (
                <Typography.Text type="secondary">{t('editor.noText')}</Typography.Text>
              )}
              <SubjectSummary subject={subject} />
            </Space>
          </Card>
        ))
      )}
      {editing && (
        <SubjectFormModal
          subject={editing.subject}
          type={editing.type}
          number={editing.number}
          onClose={() => setEditing(null)}
          onSubmit={(body) => (editing.subject ? mutations.update.mutateAsync({ id: editing.subject.id, body }) : mutations.create.mutateAsync(body))}
        />
      )}
    </Space>
  );
}
