import { useState } from 'react';
import { Alert, Button, Empty, Flex, Form, InputNumber, List, Popconfirm, Spin, Typography } from 'antd';
import { CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Note, type NoteTargetType } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useNoteMutations, useNotes } from '../api';
import { formatAnchor, isBlankNote } from '../lib/note-html';
import { NoteContentInput } from './note-content-input';
import { useToast } from '../../../lib/toast';

/** Width the note box takes from the previewer (spec §4, §9). */
export const NOTE_BOX_WIDTH_PX = 290;

const FORM_FIELDS = ['content', 'anchor'] as const;

interface NoteFormValues {
  content: string;
  anchor: number;
}

/**
 * The note box beside the previewer (spec §2, §3 Note, §4, §5): my notes on
 * one file, each with its anchor (video second, document page, 0 on images) —
 * clicking it seeks the video or turns to the page; add, edit and delete. A 400
 * puts the server's field errors on the form (spec §8); other failures toast.
 */
export function NoteBox({
  courseId,
  activityId,
  targetId,
  targetType,
  currentAnchor,
  onGoTo,
  onClose,
}: {
  courseId: number;
  activityId: number;
  targetId: number;
  targetType: NoteTargetType;
  /** Where the learner is now: the video second or the document page (0 on images). */
  currentAnchor: () => number;
  onGoTo: (anchor: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('notes');
  const query = { course_id: courseId, activity_id: activityId, target_id: targetId };
  const notes = useNotes(query);
  const [editing, setEditing] = useState<Note | 'new' | null>(null);

  return (
    <aside
      aria-label={t('box.title')}
      data-testid="note-box"
      style={{
        width: NOTE_BOX_WIDTH_PX,
        flex: `0 0 ${NOTE_BOX_WIDTH_PX}px`,
        borderLeft: '1px solid #f0f0f0',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Flex align="center" gap={4} style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {t('box.title')}
        </Typography.Text>
        {editing === null && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('box.add')}
          </Button>
        )}
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('box.close')} onClick={onClose} />
      </Flex>
      <div style={{ flex: 1, overflow: 'auto', padding: 12 }}>
        {editing !== null && (
          <NoteForm
            key={editing === 'new' ? 'new' : editing.id}
            note={editing === 'new' ? null : editing}
            targetType={targetType}
            initialAnchor={editing === 'new' ? (targetType === 'image' ? 0 : Math.floor(currentAnchor())) : editing.anchor}
            query={query}
            onDone={() => setEditing(null)}
          />
        )}
        {notes.isPending && <Spin style={{ display: 'block', margin: '24px auto' }} />}
        {notes.isError && <Alert type="error" showIcon title={serverMessageOf(notes.error) ?? t('box.loadFailed')} />}
        {notes.data && notes.data.length === 0 && editing === null && <Empty description={t('box.empty')} />}
        {notes.data && notes.data.length > 0 && (
          <List
            dataSource={[...notes.data].sort((a, b) => a.anchor - b.anchor)}
            rowKey="id"
            renderItem={(note) => (
              <NoteItem
                note={note}
                query={query}
                onGoTo={onGoTo}
                onEdit={() => setEditing(note)}
                isEditing={editing !== null && editing !== 'new' && editing.id === note.id}
              />
            )}
          />
        )}
      </div>
    </aside>
  );
}

function anchorLabel(t: (key: string, values?: Record<string, unknown>) => string, targetType: NoteTargetType, anchor: number): string {
  if (targetType === 'video') return t('anchor.video', { time: formatAnchor('video', anchor) });
  if (targetType === 'document') return t('anchor.document', { page: anchor });
  return t('anchor.image');
}

function NoteItem({
  note,
  query,
  onGoTo,
  onEdit,
  isEditing,
}: {
  note: Note;
  query: { course_id: number; activity_id: number; target_id: number };
  onGoTo: (anchor: number) => void;
  onEdit: () => void;
  isEditing: boolean;
}) {
  const { t } = useTranslation('notes');
  const toast = useToast();
  const { remove } = useNoteMutations(query);
  return (
    <List.Item data-testid="note-item" data-anchor={note.anchor} style={{ display: 'block', opacity: isEditing ? 0.5 : 1 }}>
      <Flex align="center" gap={4}>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onGoTo(note.anchor)} data-testid="note-anchor">
          {anchorLabel(t, note.target_type, note.anchor)}
        </Button>
        <div style={{ flex: 1 }} />
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('box.edit')} onClick={onEdit} />
        <Popconfirm
          title={t('box.deleteConfirm')}
          okText={t('box.delete')}
          cancelText={t('box.cancel')}
          onConfirm={() =>
            remove.mutateAsync(note.id).catch((error: unknown) => {
              toast.error(error, t('box.deleteFailed'));
            })
          }
        >
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('box.delete')} />
        </Popconfirm>
      </Flex>
      {/* The server sanitises note HTML (spec §3 Note): no script survives. */}
      <div className="atrium-note-content" style={{ wordBreak: 'break-word' }} dangerouslySetInnerHTML={{ __html: note.content }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {dayjs(note.updated_at).format(TIME_FORMAT.display)}
      </Typography.Text>
    </List.Item>
  );
}

/**
 * Add or edit one note. The content must have visible text; the anchor is the
 * current position (editable, not below 0; images stay at 0). A 400 answer maps
 * its `errors` onto the fields (spec §5, §8); other failures toast.
 */
export function NoteForm({
  note,
  targetType,
  initialAnchor,
  query,
  onDone,
}: {
  note: Note | null;
  targetType: NoteTargetType;
  initialAnchor: number;
  query: { course_id: number; activity_id: number; target_id: number };
  onDone: () => void;
}) {
  const { t } = useTranslation('notes');
  const toast = useToast();
  const [form] = Form.useForm<NoteFormValues>();
  const { create, update } = useNoteMutations(query);
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = create.isPending || update.isPending;

  const submit = async (values: NoteFormValues) => {
    setFormError(null);
    const anchor = targetType === 'image' ? 0 : values.anchor;
    try {
      if (note) await update.mutateAsync({ id: note.id, body: { content: values.content, anchor } });
      else await create.mutateAsync({ ...query, content: values.content, target_type: targetType, anchor });
      onDone();
    } catch (error) {
      if (isApiError(error, 400)) {
        const shown = showFieldErrors(form, error, { fields: FORM_FIELDS });
        if (shown.fieldErrors.length === 0 || shown.rest) setFormError(shown.rest ?? t('form.saveFailed'));
        return;
      }
      toast.error(error, t('form.saveFailed'));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ content: note?.content ?? '', anchor: initialAnchor }}
      onFinish={(values) => void submit(values)}
      data-testid="note-form"
      style={{ marginBottom: 16 }}
      requiredMark={false}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 8 }} data-testid="note-form-error" />}
      {targetType !== 'image' && (
        <Form.Item
          name="anchor"
          label={targetType === 'video' ? t('form.anchorVideo') : t('form.anchorDocument')}
          rules={[{ required: true, message: t('form.anchorRequired') }]}
        >
          <InputNumber min={targetType === 'document' ? 1 : 0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={t('form.content')}
        rules={[
          {
            validator: (_, value: string | undefined) => (isBlankNote(value ?? '') ? Promise.reject(new Error(t('form.contentRequired'))) : Promise.resolve()),
          },
        ]}
      >
        <NoteContentInput aria-label={t('form.content')} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('box.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  );
}
