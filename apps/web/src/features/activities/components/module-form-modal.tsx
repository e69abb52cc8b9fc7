import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentModule, CreateModuleBody } from '@atrium/contracts';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import type { EditorImageUploader } from '../../../components/rich-text-editor/rich-text-editor';
import { showFieldErrors } from '../../../lib/form-errors';

interface ModuleFormValues {
  title: string;
  summary: string;
}

/**
 * Add or edit a module (issue 7): its title and its summary in the shared rich
 * text editor (images through `uploadImage`; the server sanitises the HTML).
 * An empty summary is sent as null. The server's 400 field errors on `title` or
 * `summary` show on that field; any other failure above the form.
 */
export function ModuleFormModal({
  module,
  onSubmit,
  onClose,
  uploadImage,
}: {
  /** The module to edit; null to add one. */
  module: ContentModule | null;
  onSubmit: (body: Required<CreateModuleBody>) => Promise<unknown>;
  onClose: () => void;
  uploadImage?: EditorImageUploader;
}) {
  const { t } = useTranslation('activities');
  const [form] = Form.useForm<ModuleFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    let values: ModuleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit({ title: values.title.trim(), summary: values.summary ? values.summary : null });
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['title', 'summary'] });
      setFormError(shown.fieldErrors.length > 0 ? null : (shown.rest ?? t('content.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={module ? t('content.editModuleTitle') : t('content.addModule')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      maskClosable={false}
    >
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" name="module-form" initialValues={{ title: module?.title ?? '', summary: module?.summary ?? '' }}>
        <Form.Item name="title" label={t('content.moduleTitle')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} autoFocus onPressEnter={() => void save()} />
        </Form.Item>
        <Form.Item name="summary" label={t('content.moduleSummary')}>
          <LazyRichTextEditor aria-label={t('content.moduleSummary')} onUploadImage={uploadImage} minHeight={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
