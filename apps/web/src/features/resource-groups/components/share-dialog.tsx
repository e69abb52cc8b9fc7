import { useState } from 'react';
import { Button, List, Modal, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryItem } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { useItemShares, useResourceGroups, useShareMutations, useTeacherSearch } from '../api';
import { resourceGroupError } from '../lib/errors';

/** "Share" on a library item (issue 19 §2): to one of my resource groups or a teacher (by user id), and the item's shares to withdraw. */
export function ShareDialog({ item, onClose }: { item: LibraryItem; onClose: () => void }) {
  const { t } = useTranslation('resourceGroups');
  const groups = useResourceGroups();
  const shares = useItemShares(item.id);
  const m = useShareMutations();
  const toast = useToast();
  const [kind, setKind] = useState<'group' | 'user'>('group');
  const [target, setTarget] = useState<number | null>(null);
  const [keywords, setKeywords] = useState('');
  const teachers = useTeacherSearch(keywords);
  const fail = (e: unknown) => toast.error(resourceGroupError(e, t));
  const share = () =>
    target !== null &&
    m.share.mutateAsync({ item_id: item.id, share_to_kind: kind, share_to_id: target }).then(() => {
      toast.success(t('share.done', { name: item.name }));
      setTarget(null);
      void shares.refetch();
    }, fail);
  return (
    <Modal open title={t('share.title', { name: item.name })} onCancel={onClose} footer={<Button onClick={onClose}>{t('share.close')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          aria-label={t('share.to')}
          value={kind}
          onChange={(v) => {
            setKind(v as 'group' | 'user');
            setTarget(null);
          }}
          options={[
            { value: 'group', label: t('share.toGroup') },
            { value: 'user', label: t('share.toUser') },
          ]}
        />
        <Space.Compact style={{ width: '100%' }}>
          {kind === 'group' ? (
            <Select
              aria-label={t('share.toGroup')}
              style={{ flex: 1 }}
              value={target ?? undefined}
              onChange={setTarget}
              options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          ) : (
            <Select
              aria-label={t('share.findTeacher')}
              style={{ flex: 1 }}
              showSearch
              filterOption={false}
              placeholder={t('share.findTeacher')}
              value={target ?? undefined}
              onSearch={setKeywords}
              onChange={setTarget}
              options={(teachers.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.user_no})` }))}
            />
          )}
          <Button type="primary" disabled={target === null} loading={m.share.isPending} onClick={() => void share()}>
            {t('share.submit')}
          </Button>
        </Space.Compact>
        <List
          header={t('share.current')}
          dataSource={shares.data?.resources ?? []}
          locale={{ emptyText: t('share.none') }}
          renderItem={(s) => (
            <List.Item
              actions={[
                <a key="unshare" onClick={() => m.unshare.mutateAsync(s.id).then(() => void shares.refetch(), fail)}>
                  {t('share.withdraw')}
                </a>,
              ]}
            >
              {s.group ? s.group.name : t('share.person', { id: s.share_to_id })}
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
