import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIBRARY_NAME_MAX, LIBRARY_TAG_MAX, LIBRARY_TAGS_MAX, type LibraryFolderTree } from '@atrium/contracts';
import { libraryErrors } from '../lib/library-errors';
import { folderNodes, ROOT_KEY } from './folder-tree';

/** What a dialog's save answers: nothing (done) or the refusal to show. Dialogs are mounted when opened, so their state starts from the props. */
type Save<V> = (value: V) => Promise<unknown>;

/**
 * A name dialog (new folder, rename): the server's refusal shows under the field it names
 * (`name`, or `parent_id` for a folder too deep / too many folders) or above the form.
 */
export function NameDialog({
  open,
  title,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  onSave: Save<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('library');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<{ fields: Record<string, string>; message: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldError = error?.fields.name;
  const otherError = error && !fieldError ? error.message : null;
  const submit = async () => {
    setSaving(true);
    try {
      await onSave(name);
      onClose();
    } catch (e) {
      setError(libraryErrors(e, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {otherError && <Alert type="error" showIcon message={otherError} style={{ marginBottom: 12 }} data-testid="dialog-error" />}
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('field.name')} validateStatus={fieldError ? 'error' : undefined} help={fieldError}>
          <Input autoFocus value={name} maxLength={LIBRARY_NAME_MAX} onChange={(e) => setName(e.target.value)} aria-label={t('field.name')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Choose a folder (the root included) to move or copy to; `exclude` (a folder being moved) and what is under it are not offered. */
export function TargetDialog({
  open,
  title,
  tree,
  exclude,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  tree: LibraryFolderTree | undefined;
  exclude?: number;
  onSave: Save<number | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('library');
  const [target, setTarget] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const data = useMemo(() => folderNodes(tree, t('title'), exclude), [tree, t, exclude]);
  const submit = async () => {
    if (target === undefined) {
      setError(t('field.chooseFolder'));
      return;
    }
    setSaving(true);
    try {
      await onSave(target);
      onClose();
    } catch (e) {
      setError(libraryErrors(e, t).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="dialog-error" />}
      <Tree
        showIcon
        blockNode
        defaultExpandAll
        treeData={data}
        selectedKeys={target === undefined ? [] : [target ?? ROOT_KEY]}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) setTarget(key === ROOT_KEY ? null : Number(key));
        }}
        aria-label={t('field.folder')}
      />
    </Modal>
  );
}

/** The tags of an item (replaced on save), suggesting the library's existing tags. */
export function TagsDialog({
  open,
  initial,
  known,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: string[];
  known: string[];
  onSave: Save<string[]>;
  onClose: () => void;
}) {
  const { t } = useTranslation('library');
  const [tags, setTags] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      await onSave(tags.map((x) => x.slice(0, LIBRARY_TAG_MAX)).slice(0, LIBRARY_TAGS_MAX));
      onClose();
    } catch (e) {
      setError(libraryErrors(e, t).message);
    }
  };
  return (
    <Modal
      open={open}
      title={t('action.tags')}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Select
        mode="tags"
        style={{ width: '100%' }}
        value={tags}
        onChange={setTags}
        options={known.map((k) => ({ value: k, label: k }))}
        aria-label={t('field.tags')}
        placeholder={t('field.tagsHint')}
        maxCount={LIBRARY_TAGS_MAX}
      />
    </Modal>
  );
}
