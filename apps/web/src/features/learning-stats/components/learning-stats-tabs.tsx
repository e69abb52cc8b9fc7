import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LearningStudentsParams } from '../api';
import { learningHash, type LearningView } from '../lib/learning-hash';
import { defaultPeriod, type StatsPeriod } from '../../../lib/period';
import { CourseOverview } from './course-overview';
import { StudentLearning } from './student-learning';
import { DEFAULT_STUDENTS_PARAMS, StudentsTable } from './students-table';

type TabKey = 'overview' | 'students' | 'alert-list';

/**
 * A course's learning statistics as tabs driven by the page's hash (issue 25 item 3; lib/learning-hash.ts):
 * Overview (`#/{courseId}/overview`), Students (`/students`, and one student at `/students/{userId}`) and the
 * alert list (`/alert-list`, spec §2), whose content the page gives (`alertList`). Choosing a tab (click, or
 * the arrow keys then Enter) calls `onNavigate` with the new hash. Only the shown tab is mounted, so only its
 * data is asked for. The period chosen on the overview is the student page's too, and the students table keeps
 * its page, sort and search while a student is open; the caller keys this by course, so another course starts afresh.
 */
export function LearningStatsTabs({
  courseId,
  view,
  alertList,
  onNavigate,
}: {
  courseId: number;
  view: LearningView;
  alertList: ReactNode;
  onNavigate: (hash: string) => void;
}) {
  const { t } = useTranslation('learningStats');
  const [period, setPeriod] = useState<StatsPeriod>(() => defaultPeriod());
  const [studentsParams, setStudentsParams] = useState<LearningStudentsParams>(DEFAULT_STUDENTS_PARAMS);
  const active: TabKey = view.tab === 'student' ? 'students' : view.tab;
  const hash = learningHash(courseId, view);
  return (
    <Tabs
      activeKey={active}
      onTabClick={(key) => {
        const next = learningHash(courseId, { tab: key as TabKey });
        if (next !== hash) onNavigate(next);
      }}
      items={[
        {
          key: 'overview',
          label: t('tabs.overview'),
          children: active === 'overview' ? <CourseOverview courseId={courseId} period={period} onPeriodChange={setPeriod} /> : null,
        },
        {
          key: 'students',
          label: t('tabs.students'),
          children:
            view.tab === 'student' ? (
              <StudentLearning key={view.userId} courseId={courseId} userId={view.userId} period={period} onPeriodChange={setPeriod} />
            ) : active === 'students' ? (
              <StudentsTable courseId={courseId} params={studentsParams} onParamsChange={setStudentsParams} />
            ) : null,
        },
        { key: 'alert-list', label: t('tabs.alertList'), children: active === 'alert-list' ? alertList : null },
      ]}
    />
  );
}
