import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOPIC_TITLE_MAX, type Topic } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import type { HomeworkFile } from '../../homework/components/submission-files';
import { useCreateTopic, type TopicSource } from '../api';
import { AttachmentsField } from '../../uploads/components/attachments-field';
import { ForumEditor } from './forum-editor';

interface ComposeValues {
  title: string;
  content: string;
  target?: string;
  group_id?: number | null;
  attachments: HomeworkFile[];
}

const FIELDS = ['title', 'content', 'group_id', 'attachments'] as const;

/** A place a new topic may go: a forum activity (`activity:{id}`), the general category (`general`) or the team space. */
export interface ComposeTarget {
  key: string;
  label: string;
  source: TopicSource;
}

/**
 * Writing a new topic (issue 18): title, rich text (formulas, @mentions; images for the team),
 * attachments through the resumable uploader, where it goes (when several forums are offered) and,
 * in the course forum, an optional group (a group topic only its members and the team see). The
 * server's 400 lands on its field.
 */
export function TopicComposeDrawer({
  open,
  courseId,
  targets,
  defaultTarget,
  groups = [],
  defaultGroupId,
  canUploadImages,
  onClose,
  onCreated,
}: {
  open: boolean;
  courseId: number;
  targets: ComposeTarget[];
  defaultTarget: string;
  /** Groups the topic may belong to (course forum only); none hides the picker. */
  groups?: { id: number; name: string }[];
  defaultGroupId?: number | null;
  canUploadImages?: boolean;
  onClose: () => void;
  onCreated?: (topic: Topic) => void;
}) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const [form] = Form.useForm<ComposeValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const targetKey = (Form.useWatch('target', form) as string | undefined) ?? defaultTarget;
  const target = targets.find((x) => x.key === targetKey) ?? targets[0];
  const create = useCreateTopic(target?.source ?? { kind: 'course', courseId });
  const showGroups = groups.length > 0 && target?.source.kind === 'course';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ title: '', content: '', target: defaultTarget, group_id: defaultGroupId ?? null, attachments: [] });
  }, [open, form, defaultTarget, defaultGroupId]);

  const close = () => {
    setFormError(null);
    onClose();
  };

  const onFinish = (values: ComposeValues) => {
    setFormError(null);
    create.mutate(
      {
        title: values.title.trim(),
        content: values.content ?? '',
        group_id: showGroups ? (values.group_id ?? null) : undefined,
        upload_ids: (values.attachments ?? []).map((f) => f.id),
      },
      {
        onSuccess: (topic) => {
          toast.success(t('compose.created'));
          onCreated?.(topic);
          close();
        },
        onError: (error) => {
          const sorted = showFieldErrors(form, error, { fields: FIELDS, aliases: { upload_ids: 'attachments' } });
          if (sorted.fieldErrors.length === 0 || sorted.rest) setFormError(sorted.rest ?? sorted.summary ?? t('compose.failed'));
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size="large"
      title={t('compose.newTitle')}
      destroyOnHidden
      data-testid="topic-compose"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('compose.post')}
          </Button>
        </Flex>
      }
    >
      {formError && <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />}
      <Form<ComposeValues> form={form} layout="vertical" onFinish={onFinish} requiredMark>
        {targets.length > 1 && (
          <Form.Item name="target" label={t('compose.where')}>
            <Select options={targets.map((x) => ({ value: x.key, label: x.label }))} aria-label={t('compose.where')} />
          </Form.Item>
        )}
        {showGroups && (
          <Form.Item name="group_id" label={t('compose.group')} extra={t('compose.groupHelp')}>
            <Select
              allowClear
              aria-label={t('compose.group')}
              placeholder={t('compose.wholeCourse')}
              options={groups.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('compose.title')}
          rules={[{ required: true, whitespace: true, message: t('compose.titleRequired') }, { max: TOPIC_TITLE_MAX }]}
        >
          <Input maxLength={TOPIC_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="content" label={t('compose.content')} trigger="onChange" validateTrigger={[]}>
          <ForumEditor courseId={courseId} aria-label={t('compose.content')} minHeight={220} canUploadImages={canUploadImages} />
        </Form.Item>
        <Form.Item name="attachments" label={t('compose.attachments')}>
          <AttachmentsField testId="forum-attachment" emptyText={t('compose.noAttachments')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
