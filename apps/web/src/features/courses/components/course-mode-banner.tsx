import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseHeaderState } from '@atrium/contracts';
import { useLeaveMode } from '../header-api';
import { useToast } from '../../../lib/toast';

/**
 * Banner of preview mode (as a student or a visitor) and inspect mode (spec §4),
 * with the exit: the server answers where to go (`/` for a visitor simulation,
 * `/management/course` for inspect mode, spec §2).
 */
export function CourseModeBanner({ courseId, header }: { courseId: number; header: CourseHeaderState }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const navigate = useNavigate();
  const leave = useLeaveMode(courseId);
  const mode = header.inspecting ? 'inspect' : header.preview_as ? 'preview' : null;
  if (!mode) return null;
  const text = mode === 'inspect' ? t('modes.inspecting') : header.preview_as === 'visitor' ? t('modes.visitor') : t('modes.student');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={text}
      action={
        <Button
          size="small"
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(mode, {
              onSuccess: ({ refer }) => void navigate(refer),
              onError: (error) => toast.error(error, t('common:result.error.title')),
            })
          }
        >
          {t('modes.exit')}
        </Button>
      }
    />
  );
}
