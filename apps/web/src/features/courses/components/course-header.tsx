import { useState } from 'react';
import { Button, Card, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { KeyOutlined, NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Course, CourseHeaderState } from '@atrium/contracts';
import { canTeach, courseTerm, courseTitle } from '../lib/course-display';
import { AccessCodePopup } from './access-code-popup';
import { useCurrentUser } from '../../auth/api';
import { useCourseHeader } from '../header-api';
import { CourseHeaderControls } from './course-header-controls';
import { CourseModeBanner } from './course-mode-banner';
import { StudyPanel } from './study-panel';

/** Sub-pages of a course (spec §2 course pages), in tab order; '' is the course's main page. */
export const COURSE_SECTIONS = ['', 'content', 'outline', 'score', 'enrollments', 'warning', 'resource', 'forum'] as const;
export type CourseSection = (typeof COURSE_SECTIONS)[number];

/** The course section a pathname under `/course/{id}` shows ('content' for the learning-activity pages); '' for the main page and unknown paths. */
export function courseSectionOf(pathname: string, courseId: number): CourseSection {
  const rest = pathname.replace(new RegExp(`^/course/${courseId}/?`), '').split('/')[0] ?? '';
  // Activity pages belong to the content tab (spec §2: content is where activities open).
  if (rest === 'learning-activity' || rest === 'live-activities') return 'content';
  // Group topics belong to the forum tab (issue 18).
  if (rest === 'group-set') return 'forum';
  return (COURSE_SECTIONS as readonly string[]).includes(rest) ? (rest as CourseSection) : '';
}

/** Sections only the course team may open: the server answers 403 to others (members: COURSE_ACTIONS.see_members; the warning page lists students at risk). */
const TEAM_SECTIONS: readonly CourseSection[] = ['enrollments', 'warning'];

/**
 * The sections whose tab this person is shown (issue 20 §13): everyone sees the
 * course's pages, the team-only ones (TEAM_SECTIONS) only those the server lets
 * see the members — instructors, assistants and organisation admins (see_members
 * is exactly `header.can_manage` (instructor or admin) or the assistant role) —
 * and not while previewing as a student or visitor or acting as a student.
 * Until the header state arrives, only the course's own roles count.
 */
export function visibleSections(
  course: Pick<Course, 'my_roles'>,
  header: Pick<CourseHeaderState, 'can_manage' | 'preview_as' | 'active_role'> | undefined,
): CourseSection[] {
  const team = canTeach(course) || header?.can_manage === true;
  const studentView = header?.preview_as != null || (course.my_roles.includes('student') && (header?.active_role ?? course.my_roles[0]) === 'student');
  return COURSE_SECTIONS.filter((section) => !TEAM_SECTIONS.includes(section) || (team && !studentView));
}

/**
 * Shared course header: title (display_name if set), code, instructors, academic
 * year and semester, the user's roles, "Bulletins" (the course's bulletins, where its team writes
 * them), "Access code" for teachers, and the tabs
 * of the course's sub-pages this person may open (visibleSections).
 */
export function CourseHeader({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const location = useLocation();
  const [codeOpen, setCodeOpen] = useState(false);
  const active = courseSectionOf(location.pathname, course.id);
  const term = courseTerm(course);
  const header = useCourseHeader(course.id);
  const { data: user } = useCurrentUser();
  const isStudentView =
    header.data?.preview_as === 'student' || (course.my_roles.includes('student') && (header.data?.active_role ?? course.my_roles[0]) === 'student');

  return (
    <Card styles={{ body: { paddingBottom: 0 } }} style={{ marginBottom: 16 }}>
      {header.data && <CourseModeBanner courseId={course.id} header={header.data} />}
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }} data-testid="course-title">
            {courseTitle(course)}
          </Typography.Title>
          <Space size={[12, 4]} wrap style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              {t('header.code')}: {course.course_code}
            </Typography.Text>
            {course.instructors_names && (
              <Typography.Text type="secondary">
                {t('header.instructors')}: {course.instructors_names}
              </Typography.Text>
            )}
            {term && <Typography.Text type="secondary">{term}</Typography.Text>}
            {course.my_roles.map((role) => (
              <Tag key={role} color={role === 'student' ? 'blue' : 'gold'}>
                {t(`roles.${role}`)}
              </Tag>
            ))}
            {course.lite && <Tag color="purple">{t('lite.tag')}</Tag>}
            {!course.course_attributes.published && <Tag color="red">{t('publish.unpublishedState')}</Tag>}
          </Space>
          {header.data && !isStudentView && (
            <div style={{ marginTop: 12 }}>
              <CourseHeaderControls course={course} header={header.data} />
            </div>
          )}
          {isStudentView && user && (
            <div style={{ marginTop: 12 }}>
              <StudyPanel courseId={course.id} />
            </div>
          )}
        </div>
        <Space wrap>
          <Button icon={<NotificationOutlined aria-hidden />} onClick={() => void navigate(`/bulletin-list/?type=course&course_id=${course.id}`)}>
            {t('bulletins:courseButton')}
          </Button>
          {canTeach(course) && (
            <Button icon={<TeamOutlined aria-hidden />} onClick={() => void navigate(`/course/${course.id}/teaching-team`)}>
              {t('forum:team.title')}
            </Button>
          )}
          {canTeach(course) && (
            <Button icon={<KeyOutlined aria-hidden />} onClick={() => setCodeOpen(true)}>
              {t('accessCode.open')}
            </Button>
          )}
        </Space>
      </Flex>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key ? `/course/${course.id}/${key}` : `/course/${course.id}`)}
        items={visibleSections(course, header.data).map((section) => ({ key: section, label: t(`sections.${section || 'home'}`) }))}
        style={{ marginTop: 8, marginBottom: 0 }}
      />
      {canTeach(course) && <AccessCodePopup courseId={course.id} open={codeOpen} onClose={() => setCodeOpen(false)} />}
    </Card>
  );
}
