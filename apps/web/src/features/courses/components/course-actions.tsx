import { useState } from 'react';
import { Button, Space } from 'antd';
import { LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/api';
import { canCreateCourse } from '../lib/course-display';
import { JoinCoursePopup } from './join-course-popup';
import { NewCourseModal, type SpecialCourseType } from './new-course-modal';

/** "Join a course" for everyone and "New course" (or, with `courseType`, "New studio" / "New project") for instructors and admins, with their popups. */
export function CourseActions({ courseType }: { courseType?: SpecialCourseType } = {}) {
  const { t } = useTranslation('courses');
  const { data: user } = useCurrentUser();
  const [joinOpen, setJoinOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <Space wrap>
      <Button icon={<LoginOutlined aria-hidden />} onClick={() => setJoinOpen(true)}>
        {t('join.open')}
      </Button>
      {canCreateCourse(user) && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreateOpen(true)}>
          {t(courseType === 7 ? 'create.openStudio' : courseType === 8 ? 'create.openProject' : 'create.open')}
        </Button>
      )}
      <JoinCoursePopup open={joinOpen} onClose={() => setJoinOpen(false)} />
      {canCreateCourse(user) && <NewCourseModal open={createOpen} onClose={() => setCreateOpen(false)} courseType={courseType} />}
    </Space>
  );
}
