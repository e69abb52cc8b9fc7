import { useDeferredValue, useId, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Pagination, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntryPickerProps } from '../../../components/rich-text-editor/editor-entries';
import { serverMessageOf } from '../../../lib/api-client';
import { useEntries } from '../api';

/** Entries per page of the popup. */
const PAGE_SIZE = 10;

/**
 * The "entries select" popup of spec §1 (issue 19 §4), opened from the rich text editor's toolbar:
 * searches the organisation's vocabulary entries by name or keyword (`GET /api/entries`), pages
 * them, and inserts the chosen one. Loading, empty, no-match and error states; every entry is a
 * button (Tab / Enter), the search field takes the focus.
 */
export function EntriesSelectPopup({ lng, onPick, onClose }: EntryPickerProps) {
  const { t } = useTranslation('entries', { lng });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const deferredKeyword = useDeferredValue(keyword);
  const query = useEntries({ keyword: deferredKeyword, page, pageSize: PAGE_SIZE });
  const searchId = useId();
  const result = query.data?.result;

  let body;
  if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('select.error')}
        description={serverMessageOf(query.error) ?? undefined}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('select.retry')}
          </Button>
        }
      />
    );
  } else if (!result) {
    body = <Spin aria-label={t('select.loading')} style={{ display: 'block', margin: '24px auto' }} />;
  } else if (result.entries.length === 0) {
    body = <Empty description={deferredKeyword.trim() ? t('select.noMatch') : t('select.empty')} />;
  } else {
    body = (
      <ul className="entries-select-list" aria-label={t('select.listLabel')} aria-busy={query.isFetching}>
        {result.entries.map((entry) => (
          <li key={entry.id}>
            <Button type="text" block className="entries-select-item" aria-label={t('select.insert', { name: entry.name })} onClick={() => onPick(entry)}>
              <span className="entries-select-name">{entry.name}</span>
              {(entry.keywords ?? []).map((k) => (
                <Tag key={k.name}>{k.name}</Tag>
              ))}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal open title={t('select.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <label htmlFor={searchId} className="entries-visually-hidden">
        {t('select.search')}
      </label>
      <Input.Search
        id={searchId}
        autoFocus
        allowClear
        placeholder={t('select.search')}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      {body}
      {result && result.pages > 1 && (
        <Pagination
          simple
          size="small"
          current={page}
          total={result.total}
          pageSize={PAGE_SIZE}
          onChange={setPage}
          style={{ marginTop: 12, textAlign: 'center' }}
        />
      )}
    </Modal>
  );
}
