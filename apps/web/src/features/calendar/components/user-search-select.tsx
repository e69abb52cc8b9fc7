import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSearchResult } from '@atrium/contracts';
import { useUserSearch } from '../api';

type Single = { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void };
type Multiple = { mode: 'multiple'; value?: number[]; onChange?: (value: number[]) => void };

/** Props of UserSearchSelect: one user or several, with the users already chosen (for their names). */
export type UserSearchSelectProps = (Single | Multiple) & {
  /** Users whose names the field shows before any search (the chosen ones, e.g. a meeting's participants). */
  known?: UserSearchResult[];
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
};

/** Waits `ms` after the last keystroke before answering the text (search as you type, one call per pause). */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A user picker over `GET /api/user/search` (spec §7: users of my organisation by name or
 * user number): type to search, choose one (host) or several (participants). Works as an
 * antd Form control (value / onChange of user ids); chosen users keep their names.
 */
export function UserSearchSelect(props: UserSearchSelectProps) {
  const { t } = useTranslation('calendar');
  const [text, setText] = useState('');
  const keywords = useDebounced(text.trim(), 250);
  const search = useUserSearch(keywords);
  // Users picked from earlier searches, so their names stay when the search text changes.
  const [picked, setPicked] = useState<Map<number, UserSearchResult>>(() => new Map());
  const remember = (ids: number[]) => {
    const found = (search.data?.users ?? []).filter((u) => ids.includes(u.id) && !picked.has(u.id));
    if (found.length > 0) setPicked((old) => new Map([...old, ...found.map((u) => [u.id, u] as const)]));
  };

  const chosenKey = props.mode === 'multiple' ? (props.value ?? []).join(',') : String(props.value ?? '');
  const { known } = props;
  const options = useMemo(() => {
    const names = new Map<number, UserSearchResult>([
      ...picked,
      ...(known ?? []).map((u) => [u.id, u] as const),
      ...(search.data?.users ?? []).map((u) => [u.id, u] as const),
    ]);
    const chosen = chosenKey ? chosenKey.split(',').map(Number) : [];
    const ids = new Set([...chosen, ...(search.data?.users ?? []).map((u) => u.id)]);
    return [...ids].map((id) => {
      const u = names.get(id);
      return { value: id, label: u ? `${u.name} (${u.user_no})` : `#${id}` };
    });
  }, [chosenKey, known, search.data, picked]);

  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    disabled: props.disabled,
    showSearch: { filterOption: false, onSearch: setText, searchValue: text },
    options,
    placeholder: t('picker.searchUsers'),
    notFoundContent: search.isFetching ? <Spin size="small" /> : keywords ? t('picker.noUsers') : t('picker.typeToSearch'),
    style: { width: '100%' },
  } as const;
  if (props.mode === 'multiple') {
    const { onChange } = props;
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(v) => {
          remember(v);
          onChange?.(v);
          setText('');
        }}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<number | null>
      {...common}
      allowClear
      value={props.value ?? null}
      onChange={(v) => {
        if (v != null) remember([v]);
        onChange?.(v ?? null);
      }}
    />
  );
}
