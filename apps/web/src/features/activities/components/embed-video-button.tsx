import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { YoutubeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseOnlineVideoUrl, type Upload } from '@atrium/contracts';
import { useEmbedOnlineVideo } from '../api';
import { showFieldErrors } from '../../../lib/form-errors';

interface EmbedValues {
  name: string;
  url: string;
}

/**
 * The "embed online video" popup (spec §2): a title and the video's original URL,
 * checked as a supported online video link (spec §5; the server checks again and
 * its error lands on the same field). Creates a course upload of type `link`
 * (`POST /api/uploads` with `embed_material_type: 'online_video'`) and hands it to `onEmbedded`.
 */
export function EmbedVideoButton({ courseId, onEmbedded }: { courseId: number; onEmbedded: (upload: Upload) => void }) {
  const { t } = useTranslation('activities');
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<EmbedValues>();
  const create = useEmbedOnlineVideo(courseId);

  const close = () => {
    setOpen(false);
    form.resetFields();
  };
  const submit = async (v: EmbedValues) => {
    try {
      onEmbedded(await create.mutateAsync(v));
      close();
    } catch (error) {
      // Errors of other names than the form's (and the server's message) show on the URL field.
      const shown = showFieldErrors(form, error, { fields: ['name', 'url'] });
      if (shown.rest) form.setFields([{ name: 'url', errors: [shown.rest] }]);
    }
  };

  return (
    <>
      <Button icon={<YoutubeOutlined />} onClick={() => setOpen(true)}>
        {t('embed.button')}
      </Button>
      <Modal
        open={isOpen}
        title={t('embed.title')}
        okText={t('embed.ok')}
        cancelText={t('embed.cancel')}
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={create.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item name="name" label={t('embed.name')} rules={[{ required: true, whitespace: true, message: t('embed.nameRequired') }, { max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('form.originalUrl')}
            extra={t('embed.hint')}
            rules={[
              { required: true, whitespace: true, message: t('form.urlRequired') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value?.trim() || parseOnlineVideoUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('form.videoUrlInvalid'))),
              },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
