import { useState } from 'react';
import { Button, Empty, Input, Popover, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMentionable, type MentionCandidate } from '../api';

/** The picker's content: a search box and the matching members (drawn anew each time the picker opens). */
function MentionList({ courseId, onPick, onClose }: { courseId: number; onPick: (user: MentionCandidate) => void; onClose: () => void }) {
  const { t } = useTranslation('forum');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const people = useMentionable(courseId, q.trim(), true);
  const items = people.data ?? [];
  return (
    <div style={{ width: 260 }} data-testid="mention-picker">
      <Input
        autoFocus
        size="small"
        value={q}
        allowClear
        placeholder={t('mention.search')}
        aria-label={t('mention.search')}
        onChange={(event) => {
          setQ(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(items.length - 1, i + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (event.key === 'Enter' && items[active]) {
            event.preventDefault();
            onPick(items[active]);
          } else if (event.key === 'Escape') {
            onClose();
          }
        }}
      />
      <div role="listbox" aria-label={t('mention.people')} style={{ maxHeight: 240, overflowY: 'auto', marginTop: 6 }}>
        {people.isPending ? (
          <Spin size="small" style={{ display: 'block', margin: 12 }} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mention.none')} />
        ) : (
          items.map((user, index) => (
            <div
              key={user.id}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(user)}
              onMouseEnter={() => setActive(index)}
              style={{ padding: '4px 8px', borderRadius: 4, cursor: 'pointer', background: index === active ? '#e6f4ff' : undefined }}
            >
              @{user.name}
            </div>
          ))
        )}
      </div>
    </div>
  );
}

/**
 * The @mention picker beside the forum editor (issue 18): a button (or `@` typed in the editor,
 * through `open`) shows the course members one may mention (`GET /api/courses/{id}/forum/mentionable?q=`);
 * choosing one calls `onPick`, which inserts `<span class="mention" data-user-id="…">@Name</span>`.
 * Arrow keys move through the list, Enter picks, Escape closes.
 */
export function MentionPicker({
  courseId,
  open,
  onOpenChange,
  onPick,
}: {
  courseId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (user: MentionCandidate) => void;
}) {
  const { t } = useTranslation('forum');
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomLeft"
      destroyOnHidden
      content={
        <MentionList
          courseId={courseId}
          onClose={() => onOpenChange(false)}
          onPick={(user) => {
            onOpenChange(false);
            onPick(user);
          }}
        />
      }
    >
      <Button size="small" type="text" aria-label={t('mention.button')} aria-haspopup="listbox" aria-expanded={open}>
        @ {t('mention.short')}
      </Button>
    </Popover>
  );
}
