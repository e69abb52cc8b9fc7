import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CourseGroup } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useCourseGroupMutations, useCourseGroups, useCourseStudentList } from '../api';
import { useToast } from '../../../lib/toast';

/**
 * The course's groups on the members page (`GET/POST /api/courses/{id}/groups`, `PUT/DELETE
 * …/{groupId}`): each group with its members; instructors and org admins (`canEdit`) create,
 * rename, change members and delete. Events addressed to a group reach only its members.
 */
export function CourseGroupsCard({ courseId, canEdit }: { courseId: number; canEdit: boolean }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const groups = useCourseGroups(courseId);
  const students = useCourseStudentList(courseId, canEdit);
  const [editing, setEditing] = useState<CourseGroup | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; member_ids: number[] }>();
  const { save, remove } = useCourseGroupMutations(courseId);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    form.setFieldsValue(editing === 'new' ? { name: '', member_ids: [] } : { name: editing.name, member_ids: editing.members.map((m) => m.id) });
  }, [editing, form]);

  const submit = async (v: { name: string; member_ids: number[] }) => {
    try {
      await save.mutateAsync({ ...v, groupId: editing && editing !== 'new' ? editing.id : null });
      toast.success(t('groups.saved'));
      setEditing(null);
    } catch (error) {
      const shown = showFieldErrors(form, error);
      if (shown.fieldErrors.length === 0) toast.error(shown.rest ?? t('groups.saveFailed'));
    }
  };

  // Members of the course who are not students (assistants) keep showing in the picker with their names.
  const known = new Map<number, string>();
  for (const s of students.data?.students ?? []) known.set(s.id, `${s.name} (${s.user_no})`);
  if (editing && editing !== 'new') for (const m of editing.members) known.set(m.id, `${m.name} (${m.user_no})`);

  return (
    <Card
      style={{ marginTop: 16 }}
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('groups.title')}
        </Typography.Title>
      }
      extra={canEdit && <Button onClick={() => setEditing('new')}>{t('groups.new')}</Button>}
    >
      {groups.isError ? (
        <ApiErrorResult error={groups.error} onRetry={() => void groups.refetch()} />
      ) : (
        <Table<CourseGroup>
          rowKey="id"
          size="small"
          loading={groups.isFetching}
          dataSource={groups.data?.groups ?? []}
          pagination={false}
          locale={{ emptyText: t('groups.empty') }}
          columns={[
            { title: t('groups.name'), dataIndex: 'name' },
            { title: t('groups.members'), render: (_, g) => (g.members.length === 0 ? '—' : g.members.map((m) => m.name).join(', ')) },
            ...(canEdit
              ? [
                  {
                    title: t('groups.actions'),
                    render: (_: unknown, g: CourseGroup) => (
                      <Space>
                        <Button size="small" onClick={() => setEditing(g)} aria-label={t('groups.editNamed', { name: g.name })}>
                          {t('groups.edit')}
                        </Button>
                        <Popconfirm
                          title={t('groups.deleteConfirm', { name: g.name })}
                          onConfirm={() => remove.mutate(g.id, { onError: (e) => toast.error(e, t('groups.saveFailed')) })}
                        >
                          <Button size="small" danger aria-label={t('groups.deleteNamed', { name: g.name })}>
                            {t('groups.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('groups.new') : t('groups.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okText={t('groups.save')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, whitespace: true, message: t('groups.nameRequired') }]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="member_ids" label={t('groups.members')}>
            <Select mode="multiple" loading={students.isLoading} optionFilterProp="label" options={[...known].map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
