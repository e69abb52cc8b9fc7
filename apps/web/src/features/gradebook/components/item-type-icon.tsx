import { AppstoreOutlined, CommentOutlined, FileDoneOutlined, FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GradeItem } from '@atrium/contracts';

/** The icon of a graded activity's type (exam, homework, SCORM, forum graded on participation), labelled with the type's name. */
export function ItemTypeIcon({ type }: { type: GradeItem['type'] }) {
  const { t } = useTranslation('gradebook');
  const label = t(`types.${type}`);
  if (type === 'exam') return <FileDoneOutlined aria-label={label} title={label} />;
  if (type === 'homework') return <FormOutlined aria-label={label} title={label} />;
  if (type === 'forum') return <CommentOutlined aria-label={label} title={label} />;
  return <AppstoreOutlined aria-label={label} title={label} />;
}
