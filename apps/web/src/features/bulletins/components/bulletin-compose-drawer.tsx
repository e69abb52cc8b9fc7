import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Flex, Form, Input, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BULLETIN_TITLE_MAX, type Bulletin, type BulletinType } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { fromZoneWall, toZoneWall } from '../../calendar/lib/zone';
import { useUserZone } from '../../gradebook/hooks/use-user-zone';
import { AttachmentsField } from '../../uploads/components/attachments-field';
import type { HomeworkFile } from '../../homework/components/submission-files';
import { useSaveBulletin } from '../api';

interface ComposeValues {
  title: string;
  content: string;
  show_on_popup: boolean;
  is_pinned: boolean;
  publish_at: Dayjs | null;
  attachments: HomeworkFile[];
}

const FIELDS = ['title', 'content', 'show_on_popup', 'is_pinned', 'publish_at', 'attachments'] as const;

/**
 * Writing a bulletin (issue 17 §3), new or an edit: title, rich text content (the app's editor),
 * show on popup, pinned, an optional publish time (in the user's zone; now when empty) and
 * attachments through the resumable uploader. The server's 400 lands on its field (`upload_ids`
 * on the attachments); anything else shows above the form.
 */
export function BulletinComposeDrawer({
  open,
  type,
  courseId,
  courseName,
  bulletin,
  onClose,
  onSaved,
}: {
  open: boolean;
  type: BulletinType;
  courseId?: number;
  courseName?: string;
  /** The bulletin to edit; absent for a new one. */
  bulletin?: Bulletin | null;
  onClose: () => void;
  onSaved?: (bulletin: Bulletin) => void;
}) {
  const { t } = useTranslation('bulletins');
  const toast = useToast();
  const zone = useUserZone();
  const [form] = Form.useForm<ComposeValues>();
  const save = useSaveBulletin();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      title: bulletin?.title ?? '',
      content: bulletin?.content ?? '',
      show_on_popup: bulletin?.show_on_popup ?? false,
      is_pinned: bulletin?.is_pinned ?? false,
      publish_at: bulletin && !bulletin.is_published ? toZoneWall(bulletin.publish_at, zone) : null,
      attachments: bulletin?.attachments.map((a) => ({ ...a, status: 'ready' })) ?? [],
    });
  }, [open, bulletin, form, zone]);

  const close = () => {
    setFormError(null);
    onClose();
  };
  const onFinish = (values: ComposeValues) => {
    setFormError(null);
    save.mutate(
      {
        id: bulletin?.id ?? null,
        body: {
          type,
          course_id: type === 'course' ? (bulletin?.course_id ?? courseId ?? null) : null,
          title: values.title.trim(),
          content: values.content ?? '',
          show_on_popup: values.show_on_popup,
          is_pinned: values.is_pinned,
          publish_at: values.publish_at ? fromZoneWall(values.publish_at, zone) : null,
          upload_ids: (values.attachments ?? []).map((f) => f.id),
        },
      },
      {
        onSuccess: (saved) => {
          toast.success(bulletin ? t('compose.updated') : t('compose.published'));
          onSaved?.(saved);
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
      title={bulletin ? t('compose.editTitle') : type === 'org' ? t('compose.newOrgTitle') : t('compose.newCourseTitle', { course: courseName ?? '' })}
      destroyOnHidden
      data-testid="bulletin-compose"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {bulletin ? t('compose.save') : t('compose.publish')}
          </Button>
        </Flex>
      }
    >
      {formError && <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} data-testid="bulletin-compose-error" />}
      <Form<ComposeValues> form={form} layout="vertical" onFinish={onFinish} requiredMark>
        <Form.Item
          name="title"
          label={t('compose.title')}
          rules={[{ required: true, whitespace: true, message: t('compose.titleRequired') }, { max: BULLETIN_TITLE_MAX }]}
        >
          <Input maxLength={BULLETIN_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="content" label={t('compose.content')} trigger="onChange" validateTrigger={[]}>
          <LazyRichTextEditor aria-label={t('compose.content')} minHeight={220} />
        </Form.Item>
        <Flex gap={32} wrap>
          <Form.Item name="show_on_popup" label={t('compose.showOnPopup')} valuePropName="checked" extra={t('compose.showOnPopupHelp')}>
            <Switch />
          </Form.Item>
          <Form.Item name="is_pinned" label={t('compose.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Form.Item name="publish_at" label={t('compose.publishAt')} extra={t('compose.publishAtHelp')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" allowClear />
        </Form.Item>
        <Form.Item name="attachments" label={t('compose.attachments')}>
          <AttachmentsField testId="bulletin-attachment" emptyText={t('compose.noAttachments')} />
        </Form.Item>
        {type === 'course' && courseName && <Typography.Text type="secondary">{t('compose.forCourse', { course: courseName })}</Typography.Text>}
      </Form>
    </Drawer>
  );
}
