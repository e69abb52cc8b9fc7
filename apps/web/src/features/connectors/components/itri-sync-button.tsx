import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SyncModal } from './org-connectors-card';

/**
 * The ITRI sync of one course (issue 24 item 4; `PUT /api/courses/{id}/sync-itri-enrollments`; decision 0149), for
 * those who may enrol: a preview of what would change (enrolments to add, already enrolled, rows skipped with their
 * reasons), then the apply; an organisation without an ITRI connector is told so.
 */
export function ItriSyncButton({ courseId }: { courseId: number }) {
  const { t } = useTranslation('connectors');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('itriSync')}</Button>
      {open && <SyncModal provider="itri" courseId={courseId} onClose={() => setOpen(false)} />}
    </>
  );
}
