import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Input, List, Progress, Radio, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InclassPoll, InclassSession, StartPollBody } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useClosePoll, useInclassSubjects, useStartPoll } from '../api';
import { percent } from '../lib/inclass';

type WrittenType = 'single_selection' | 'multiple_selection' | 'true_or_false' | 'short_answer';
interface Draft {
  type: WrittenType;
  description: string;
  options: { content: string; is_answer: boolean }[];
  answer: boolean;
  accepted: string;
}
const EMPTY: Draft = {
  type: 'single_selection',
  description: '',
  options: [
    { content: 'A', is_answer: false },
    { content: 'B', is_answer: false },
    { content: 'C', is_answer: false },
    { content: 'D', is_answer: false },
  ],
  answer: true,
  accepted: '',
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of a question written on the spot (plain text sent as rich text, escaped). */
function bodyOf(kind: 'question' | 'poll', d: Draft): StartPollBody {
  const description = d.description
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const base = { type: d.type, description, score: 1, case_sensitive: false };
  if (d.type === 'true_or_false') return { kind, subject: { ...base, answer: d.answer } };
  if (d.type === 'short_answer') {
    const accepted = d.accepted
      .split(/[;,\n]/)
      .map((a) => a.trim())
      .filter(Boolean);
    return { kind, subject: { ...base, answers: accepted.length > 0 ? [accepted] : [] } };
  }
  return { kind, subject: { ...base, options: d.options.map((o) => ({ content: escapeHtml(o.content), is_answer: kind === 'question' && o.is_answer })) } };
}

/** Live results of the open (or last) question: a bar per option, or the answers as given, with who answered. */
function PollResults({ poll, studentCount }: { poll: InclassPoll; studentCount: number }) {
  const { t } = useTranslation('inclass');
  const subject = poll.subject;
  const bars =
    subject.type === 'true_or_false'
      ? [
          { id: 'true', content: t('poll.true'), isAnswer: false },
          { id: 'false', content: t('poll.false'), isAnswer: false },
        ]
      : (poll.options ?? subject.options ?? []).map((o) => ({ id: o.id, content: o.content, isAnswer: 'is_answer' in o && o.is_answer === true }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <RichHtml html={subject.description} testId="poll-description" />
      <Typography.Text strong aria-live="polite" data-testid="poll-counts">
        {t('poll.answered', { answered: poll.answer_count, total: studentCount })}
        {poll.kind === 'question' && ` · ${t('poll.right', { right: poll.correct_count })}`}
      </Typography.Text>
      {bars.length > 0 ? (
        <div className="inclass-bars" data-testid="poll-bars">
          {bars.map((b) => (
            <div key={b.id} className="inclass-bar">
              <Space className="inclass-bar-label">
                <RichHtml html={b.content} />
                {b.isAnswer && <Tag color="green">{t('poll.rightAnswer')}</Tag>}
              </Space>
              <Progress
                percent={percent(poll.tally[b.id] ?? 0, poll.answer_count)}
                format={() => String(poll.tally[b.id] ?? 0)}
                data-testid={`poll-bar-${b.id}`}
              />
            </div>
          ))}
        </div>
      ) : null}
      <List
        size="small"
        bordered
        dataSource={poll.answers}
        style={{ maxHeight: 240, overflow: 'auto' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poll.noAnswers')} /> }}
        data-testid="poll-answers"
        renderItem={(a) => (
          <List.Item key={a.user_id}>
            <Space>
              <span>{a.name}</span>
              {bars.length === 0 && <Typography.Text code>{Array.isArray(a.answer) ? a.answer.join('; ') : String(a.answer)}</Typography.Text>}
              {a.is_correct !== null && <Tag color={a.is_correct ? 'green' : 'red'}>{a.is_correct ? t('poll.rightTag') : t('poll.wrongTag')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

/**
 * Quick questions and polls (decision 0155): write one (choices, true or false, a short answer) or copy one of the
 * course's exam subjects; while it is open the answers arrive live; close it to stop answers.
 */
export function PollPanel({ session }: { session: InclassSession }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const [kind, setKind] = useState<'question' | 'poll'>('question');
  const [source, setSource] = useState<'write' | 'bank'>('write');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [keyword, setKeyword] = useState('');
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const start = useStartPoll(session.id);
  const close = useClosePoll(session.id);
  const subjects = useInclassSubjects(session.course_id, keyword, source === 'bank');
  const poll = session.poll;
  const isOpen = poll !== null && poll.closed_at === null;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const canStart = source === 'bank' ? subjectId !== null : draft.description.trim() !== '';

  const onStart = () => {
    const body: StartPollBody = source === 'bank' ? { kind: 'question', subject_id: subjectId! } : bodyOf(kind, draft);
    start.mutate(body, {
      onSuccess: () => {
        setDraft(EMPTY);
        setSubjectId(null);
      },
      onError: (e) => toast.error(e, t('poll.startFailed')),
    });
  };

  const compose = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group value={source} onChange={(e) => setSource(e.target.value as 'write' | 'bank')} optionType="button" aria-label={t('poll.source')}>
        <Radio.Button value="write">{t('poll.write')}</Radio.Button>
        <Radio.Button value="bank">{t('poll.fromSubjects')}</Radio.Button>
      </Radio.Group>
      {source === 'bank' ? (
        <Select
          showSearch
          allowClear
          style={{ width: '100%' }}
          placeholder={t('poll.pickSubject')}
          aria-label={t('poll.pickSubject')}
          filterOption={false}
          onSearch={setKeyword}
          loading={subjects.isFetching}
          value={subjectId ?? undefined}
          onChange={(v: number | undefined) => setSubjectId(v ?? null)}
          notFoundContent={subjects.isPending ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('poll.noSubjects')} />}
          options={(subjects.data?.items ?? []).map((s) => ({
            value: s.id,
            label: `${s.description || t('poll.untitled')} · ${t(`types.${s.type}`)}${s.exam_title ? ` · ${s.exam_title}` : ''}`,
          }))}
        />
      ) : (
        <>
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as 'question' | 'poll')} aria-label={t('poll.kind')}>
            <Radio value="question">{t('poll.kindQuestion')}</Radio>
            <Radio value="poll">{t('poll.kindPoll')}</Radio>
          </Radio.Group>
          <Select<WrittenType>
            value={draft.type}
            onChange={(type) => set({ type })}
            style={{ width: 220 }}
            aria-label={t('poll.type')}
            options={(kind === 'poll'
              ? (['single_selection', 'multiple_selection'] as const)
              : (['single_selection', 'multiple_selection', 'true_or_false', 'short_answer'] as const)
            ).map((v) => ({ value: v, label: t(`types.${v}`) }))}
          />
          <Input.TextArea
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            placeholder={t('poll.questionPlaceholder')}
            aria-label={t('poll.question')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
          />
          {(draft.type === 'single_selection' || draft.type === 'multiple_selection') && (
            <Space direction="vertical" style={{ width: '100%' }}>
              {draft.options.map((o, i) => (
                <Space key={i} style={{ width: '100%' }}>
                  <Input
                    value={o.content}
                    aria-label={t('poll.option', { n: i + 1 })}
                    onChange={(e) => set({ options: draft.options.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)) })}
                    maxLength={500}
                  />
                  {kind === 'question' && (
                    <Checkbox
                      checked={o.is_answer}
                      onChange={(e) =>
                        set({
                          options: draft.options.map((x, j) =>
                            j === i
                              ? { ...x, is_answer: e.target.checked }
                              : draft.type === 'single_selection' && e.target.checked
                                ? { ...x, is_answer: false }
                                : x,
                          ),
                        })
                      }
                    >
                      {t('poll.isAnswer')}
                    </Checkbox>
                  )}
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('poll.removeOption', { n: i + 1 })}
                    disabled={draft.options.length <= 2}
                    onClick={() => set({ options: draft.options.filter((_, j) => j !== i) })}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={draft.options.length >= 10}
                onClick={() => set({ options: [...draft.options, { content: String.fromCharCode(65 + draft.options.length), is_answer: false }] })}
              >
                {t('poll.addOption')}
              </Button>
            </Space>
          )}
          {draft.type === 'true_or_false' && (
            <Radio.Group value={draft.answer} onChange={(e) => set({ answer: e.target.value as boolean })} aria-label={t('poll.rightAnswer')}>
              <Radio value>{t('poll.true')}</Radio>
              <Radio value={false}>{t('poll.false')}</Radio>
            </Radio.Group>
          )}
          {draft.type === 'short_answer' && (
            <Input
              value={draft.accepted}
              onChange={(e) => set({ accepted: e.target.value })}
              placeholder={t('poll.acceptedPlaceholder')}
              aria-label={t('poll.accepted')}
            />
          )}
        </>
      )}
      <Button type="primary" disabled={!canStart} loading={start.isPending} onClick={onStart}>
        {t('poll.start')}
      </Button>
    </Space>
  );

  return (
    <Card title={t('poll.title')} data-testid="poll-panel">
      {poll && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Tag color={isOpen ? 'processing' : 'default'}>{isOpen ? t('poll.open') : t('poll.closed')}</Tag>
            <Tag>{poll.kind === 'poll' ? t('poll.kindPoll') : t('poll.kindQuestion')}</Tag>
          </Space>
          <PollResults poll={poll} studentCount={session.student_count} />
          {isOpen && (
            <Button danger loading={close.isPending} onClick={() => close.mutate(poll.id, { onError: (e) => toast.error(e) })}>
              {t('poll.close')}
            </Button>
          )}
        </Space>
      )}
      {!isOpen && <div style={{ marginTop: poll ? 16 : 0 }}>{compose}</div>}
    </Card>
  );
}
