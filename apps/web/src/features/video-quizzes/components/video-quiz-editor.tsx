import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Input, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreateVideoQuizSubjectBody, VideoQuiz, VideoQuizSubject } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { useToast } from '../../../lib/toast';
import { useSubjectMutations, useVideoQuizMutations, useVideoQuizResults, useVideoQuizSubjects } from '../api';
import { formatSeconds } from '../lib/quiz-timeline';
import { isEditable, newSubjectValues, valuesOf } from '../lib/subject-form-values';
import { SubjectAnswersGrading } from './subject-answers-grading';
import { SubjectForm } from './subject-form';

/** A subject's text without markup, at most 80 characters. */
function excerpt(html: string): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The course team's results of a quiz (`GET /api/video-quizzes/{id}/results`): answered, right and
 * still to grade per subject, totals per learner; "Grade" opens a subject's answers to give points.
 */
function QuizResults({ quizId }: { quizId: number }) {
  const { t } = useTranslation('videoQuizzes');
  const results = useVideoQuizResults(quizId, true);
  const subjects = useVideoQuizSubjects(quizId);
  const [grading, setGrading] = useState<VideoQuizSubject | null>(null);
  if (results.isPending) return <PageSpinner minHeight={120} />;
  if (results.isError) return <Alert type="error" showIcon title={t('results.failed')} />;
  const { learners, max_score } = results.data;
  const teamSubjects = subjects.data?.view === 'team' ? subjects.data.subjects : [];
  return (
    <Flex vertical gap={16}>
      <Table
        size="small"
        rowKey="subject_id"
        pagination={false}
        dataSource={results.data.subjects}
        columns={[
          { title: t('results.time'), dataIndex: 'at_seconds', render: (s: number) => formatSeconds(s) },
          { title: t('results.type'), dataIndex: 'type', render: (type: string) => t(`types.${type}`, { defaultValue: type }) },
          { title: t('results.answered'), dataIndex: 'answered' },
          { title: t('results.right'), dataIndex: 'right' },
          { title: t('results.toGrade'), dataIndex: 'to_grade', render: (n: number) => (n > 0 ? <Tag color="orange">{n}</Tag> : n) },
          {
            title: t('results.actions'),
            key: 'grade',
            render: (_, row) => {
              const subject = teamSubjects.find((s) => s.id === row.subject_id);
              return (
                <Button size="small" disabled={!subject || row.answered === 0} onClick={() => subject && setGrading(subject)}>
                  {t('grading.open')}
                </Button>
              );
            },
          },
        ]}
      />
      <Table
        size="small"
        rowKey={(row) => row.user.id}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={learners}
        locale={{ emptyText: t('results.none') }}
        columns={[
          { title: t('results.learner'), render: (_, row) => `${row.user.name}${row.user.user_no ? ` (${row.user.user_no})` : ''}` },
          { title: t('results.answered'), dataIndex: 'answered' },
          { title: t('results.right'), dataIndex: 'right' },
          { title: t('results.toGrade'), dataIndex: 'to_grade' },
          { title: t('results.score', { max: max_score }), dataIndex: 'score' },
        ]}
      />
      <Drawer
        open={grading !== null}
        onClose={() => setGrading(null)}
        size="large"
        title={grading ? t('grading.title', { time: formatSeconds(grading.at_seconds), text: excerpt(grading.description) }) : ''}
        destroyOnHidden
      >
        {grading && <SubjectAnswersGrading quizId={quizId} subject={grading} />}
      </Drawer>
    </Flex>
  );
}

/** The subjects of a quiz by second, each with "go to", edit and delete; "add at the current time" opens the form. */
function QuizSubjects({
  quizId,
  duration,
  currentTime,
  onSeek,
}: {
  quizId: number;
  duration: number;
  currentTime: () => number;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation('videoQuizzes');
  const toast = useToast();
  const subjects = useVideoQuizSubjects(quizId);
  const mutations = useSubjectMutations(quizId);
  /** The subject being edited, 'new' for one being added, null while only the list shows. */
  const [editing, setEditing] = useState<VideoQuizSubject | 'new' | null>(null);
  const [addAt, setAddAt] = useState(0);

  if (subjects.isPending) return <PageSpinner minHeight={120} />;
  if (subjects.isError || subjects.data.view !== 'team') return <Alert type="error" showIcon title={t('editor.loadFailed')} />;

  if (editing !== null) {
    const save = (body: CreateVideoQuizSubjectBody) =>
      editing === 'new' ? mutations.create.mutateAsync(body) : mutations.update.mutateAsync({ id: editing.id, body });
    return (
      <SubjectForm
        initial={editing === 'new' ? newSubjectValues(addAt) : valuesOf(editing)}
        duration={duration}
        currentTime={currentTime}
        onSave={async (body) => {
          await save(body);
          toast.success(t('editor.saved'));
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    );
  }

  return (
    <Flex vertical gap={12}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'start' }}
        onClick={() => {
          setAddAt(currentTime());
          setEditing('new');
        }}
        data-testid="video-quiz-add-subject"
      >
        {t('editor.addAt', { time: formatSeconds(currentTime()) })}
      </Button>
      {subjects.data.subjects.length === 0 && <Empty description={t('editor.noSubjects')} />}
      <Flex vertical component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {subjects.data.subjects.map((subject) => (
          <Flex
            key={subject.id}
            component="li"
            align="center"
            gap={8}
            style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            data-testid="video-quiz-subject"
          >
            <Tag>{formatSeconds(subject.at_seconds)}</Tag>
            <Typography.Text type="secondary">{t(`types.${subject.type}`)}</Typography.Text>
            <Typography.Text ellipsis style={{ flex: 1 }}>
              {excerpt(subject.description) || '—'}
            </Typography.Text>
            <Button type="text" size="small" icon={<PlayCircleOutlined />} aria-label={t('editor.goTo')} onClick={() => onSeek(subject.at_seconds)} />
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('editor.edit')}
              disabled={!isEditable(subject.type)}
              onClick={() => setEditing(subject)}
            />
            <Popconfirm
              title={t('editor.deleteSubjectConfirm')}
              onConfirm={() => mutations.remove.mutateAsync(subject.id).catch((error: unknown) => toast.error(error, t('editor.deleteFailed')))}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('editor.delete')} />
            </Popconfirm>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * The course team's video quiz editor (issue 15 §6), opened from the video's player: creates the
 * quiz of the video when it has none; otherwise its title, its subjects by second (add at the
 * player's current time, edit, delete, go to) and its results. Deleting the quiz asks first.
 */
export function VideoQuizEditor({
  courseId,
  uploadId,
  quiz,
  duration,
  currentTime,
  onSeek,
  onClose,
}: {
  courseId: number;
  uploadId: number;
  quiz: VideoQuiz | null;
  /** The video's length in seconds (0 while unknown). */
  duration: number;
  currentTime: () => number;
  onSeek: (seconds: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('videoQuizzes');
  const toast = useToast();
  const mutations = useVideoQuizMutations(courseId, uploadId);
  const [title, setTitle] = useState(quiz?.title ?? '');

  const create = () =>
    mutations.create.mutate({ upload_id: uploadId, title: title.trim() }, { onError: (error) => toast.error(error, t('editor.createFailed')) });
  const rename = () =>
    quiz &&
    mutations.rename.mutate(
      { quizId: quiz.id, title: title.trim() },
      { onSuccess: () => toast.success(t('editor.saved')), onError: (error) => toast.error(error, t('editor.saveFailed')) },
    );
  const remove = () => quiz && mutations.remove.mutateAsync(quiz.id).then(onClose, (error: unknown) => toast.error(error, t('editor.deleteFailed')));

  return (
    <Drawer open onClose={onClose} title={t('editor.title')} size="large" destroyOnHidden data-testid="video-quiz-editor">
      <Flex vertical gap={16}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('editor.quizTitle')}
            placeholder={t('editor.quizTitle')}
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {quiz ? (
            <Button onClick={rename} loading={mutations.rename.isPending} disabled={title.trim() === quiz.title}>
              {t('editor.rename')}
            </Button>
          ) : (
            <Button type="primary" onClick={create} loading={mutations.create.isPending} data-testid="video-quiz-create">
              {t('editor.create')}
            </Button>
          )}
        </Space.Compact>
        {!quiz && <Typography.Text type="secondary">{t('editor.createHint')}</Typography.Text>}
        {quiz && (
          <>
            <Tabs
              items={[
                {
                  key: 'subjects',
                  label: t('editor.subjects'),
                  children: <QuizSubjects quizId={quiz.id} duration={duration} currentTime={currentTime} onSeek={onSeek} />,
                },
                { key: 'results', label: t('editor.results'), children: <QuizResults quizId={quiz.id} /> },
              ]}
            />
            <Popconfirm title={t('editor.deleteQuizConfirm')} onConfirm={remove}>
              <Button danger icon={<DeleteOutlined />} style={{ alignSelf: 'start' }}>
                {t('editor.deleteQuiz')}
              </Button>
            </Popconfirm>
          </>
        )}
      </Flex>
    </Drawer>
  );
}
