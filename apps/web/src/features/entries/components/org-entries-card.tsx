import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entry } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useOrg } from '../../calendar/api';
import type { HomeworkFile } from '../../homework/components/submission-files';
import { AttachmentsField } from '../../uploads/components/attachments-field';
import { useDeleteEntry, useEntries, useSaveEntry, useSetEntriesToggle } from '../api';

const PAGE_SIZE = 20;

interface Values {
  name: string;
  keywords: string[];
  files: HomeworkFile[];
}

/** The new-or-edit form of one entry (mounted while open); the server's 400 lands on its field (`upload_ids` on the files). */
function EntryFormModal({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  const { t } = useTranslation('entries');
  const toast = useToast();
  const save = useSaveEntry();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        id: entry?.id ?? null,
        input: { name: values.name, keywords: values.keywords ?? [], upload_ids: (values.files ?? []).map((f) => f.id) },
      });
      toast.success(t('manage.saved'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['name', 'keywords', 'files'], aliases: { upload_ids: 'files' } });
      if (shown.fieldErrors.length === 0) toast.error(error, t('manage.saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={entry ? t('manage.editTitle') : t('manage.newTitle')}
      okText={t('manage.save')}
      cancelText={t('manage.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          name: entry?.name ?? '',
          keywords: entry?.keywords.map((k) => k.name) ?? [],
          files: entry?.uploads.map((u) => ({ ...u, status: 'ready', size: 0 })) ?? [],
        }}
      >
        <Form.Item name="name" label={t('manage.name')} rules={[{ required: true, whitespace: true, message: t('manage.required') }]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="keywords" label={t('manage.keywords')} extra={t('manage.keywordsHint')}>
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} aria-label={t('manage.keywords')} />
        </Form.Item>
        <Form.Item name="files" label={t('manage.files')}>
          <AttachmentsField testId="entry-file" emptyText={t('manage.noFiles')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The organisation's entries: search, pages, new, edit, delete (org admins). */
function EntriesTable() {
  const { t } = useTranslation('entries');
  const toast = useToast();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const entries = useEntries({ keyword, page, pageSize: PAGE_SIZE });
  const remove = useDeleteEntry();
  const result = entries.data?.result;

  if (entries.isError)
    return <Alert type="error" showIcon title={t('manage.loadError')} action={<Button onClick={() => void entries.refetch()}>{t('manage.retry')}</Button>} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          aria-label={t('manage.search')}
          placeholder={t('manage.search')}
          onSearch={(value) => {
            setKeyword(value);
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('manage.new')}
        </Button>
      </Space>
      <Table<Entry>
        rowKey="id"
        size="small"
        loading={!result || entries.isFetching}
        dataSource={(result?.entries ?? []) as Entry[]}
        locale={{ emptyText: t('manage.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: result?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'name', title: t('manage.name'), dataIndex: 'name' },
          { key: 'keywords', title: t('manage.keywords'), render: (_, e) => e.keywords.map((k) => <Tag key={k.name}>{k.name}</Tag>) },
          { key: 'files', title: t('manage.files'), render: (_, e) => e.uploads.length },
          {
            key: 'actions',
            title: t('manage.actions'),
            render: (_, e) => (
              <Space>
                <Button size="small" onClick={() => setEditing(e)} aria-label={`${t('manage.edit')} ${e.name}`}>
                  {t('manage.edit')}
                </Button>
                <Popconfirm
                  title={t('manage.deleteConfirm', { name: e.name })}
                  okText={t('manage.delete')}
                  cancelText={t('manage.cancel')}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(e.id);
                      toast.success(t('manage.deleted'));
                    } catch (error) {
                      toast.error(error, t('manage.deleteFailed'));
                    }
                  }}
                >
                  <Button size="small" danger aria-label={`${t('manage.delete')} ${e.name}`}>
                    {t('manage.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <EntryFormModal entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * Vocabulary entries on /management/org-settings (issue 19 §4; org admins): the organisation's
 * `vocabulary_entries` toggle (`PUT /api/org/toggles`) and, while it is on, its entries.
 */
export function OrgEntriesCard() {
  const { t } = useTranslation('entries');
  const toast = useToast();
  const org = useOrg();
  const setToggle = useSetEntriesToggle();
  const isOn = org.data?.toggles.vocabulary_entries === true;
  return (
    <Card title={t('manage.title')} style={{ marginTop: 16 }}>
      {!org.data ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : (
        <>
          <Space align="center" style={{ marginBottom: 8 }}>
            <Switch
              id="vocabulary-entries-toggle"
              checked={isOn}
              loading={setToggle.isPending}
              onChange={async (on) => {
                try {
                  await setToggle.mutateAsync(on);
                  toast.success(t('manage.toggleSaved'));
                } catch (error) {
                  toast.error(error, t('manage.toggleFailed'));
                }
              }}
            />
            <label htmlFor="vocabulary-entries-toggle">{t('manage.toggle')}</label>
          </Space>
          <Typography.Paragraph type="secondary">{t('manage.toggleIntro')}</Typography.Paragraph>
          {isOn ? <EntriesTable /> : <Typography.Text type="secondary">{t('manage.off')}</Typography.Text>}
        </>
      )}
    </Card>
  );
}
