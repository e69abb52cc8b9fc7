import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { courseQuery } from '../../courses/api';
import { courseTitle } from '../../courses/lib/course-display';
import { useManagedCoursePages } from '../api';

/** How close (px) to the bottom of the open list the next page starts loading. */
const NEAR_BOTTOM = 48;

/**
 * A course chosen from the management list (the courses the person manages: an instructor's own, an admin's
 * organisation), searched on the server by keyword as typed, 50 a page, the next page loaded as the open list
 * scrolls to its end, so every course can be reached however many there are. The chosen course keeps its name
 * even when the loaded pages or the search do not hold it (`GET /api/course/{id}`). `failedText` is shown in
 * the list when the courses cannot be loaded.
 */
export function ManagedCoursePicker({
  id,
  value,
  onChange,
  placeholder,
  failedText,
  allowClear = false,
  style,
  testId,
}: {
  id: string;
  value: number | null;
  onChange: (courseId: number | null) => void;
  placeholder: string;
  failedText: string;
  allowClear?: boolean;
  style?: CSSProperties;
  testId: string;
}) {
  const [keyword, setKeyword] = useState('');
  const courses = useManagedCoursePages(keyword);
  const chosen = useQuery({ ...courseQuery(value ?? 0), enabled: value !== null });
  const options = (courses.data?.pages ?? [])
    .flatMap((page) => page.items)
    .map((course) => ({ value: course.id, label: `${courseTitle(course)} (${course.course_code})` }));
  if (value !== null && chosen.data && !options.some((option) => option.value === value))
    options.unshift({ value, label: `${courseTitle(chosen.data)} (${chosen.data.course_code})` });
  return (
    <Select<number>
      id={id}
      allowClear={allowClear}
      style={style}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value ?? undefined}
      loading={courses.isFetching}
      options={options}
      onChange={(courseId) => onChange(courseId ?? null)}
      onClear={() => onChange(null)}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_BOTTOM && courses.hasNextPage && !courses.isFetchingNextPage)
          void courses.fetchNextPage();
      }}
      notFoundContent={courses.isError ? failedText : undefined}
      data-testid={testId}
    />
  );
}
