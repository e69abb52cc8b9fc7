import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InclassOverview, InclassPoll } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { postAction, useAnswerPoll, useCheckIn, useInclassSession } from '../api';
import { useInclassStream } from '../hooks/use-inclass-stream';

/** The answer control of a question by its type; `value` as the API takes it. */
function AnswerInput({ poll, value, onChange }: { poll: InclassPoll; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation('inclass');
  const s = poll.subject;
  switch (s.type) {
    case 'single_selection':
      return (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} className="inclass-choices" aria-label={t('learner.answer')}>
          {(s.options ?? []).map((o) => (
            <Radio key={o.id} value={o.id}>
              <RichHtml html={o.content} />
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multiple_selection':
      return (
        <Checkbox.Group
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
          className="inclass-choices"
          aria-label={t('learner.answer')}
        >
          {(s.options ?? []).map((o) => (
            <Checkbox key={o.id} value={o.id}>
              <RichHtml html={o.content} />
            </Checkbox>
          ))}
        </Checkbox.Group>
      );
    case 'true_or_false':
      return (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} className="inclass-choices" aria-label={t('learner.answer')}>
          <Radio value>{t('poll.true')}</Radio>
          <Radio value={false}>{t('poll.false')}</Radio>
        </Radio.Group>
      );
    case 'numerical':
      return (
        <InputNumber
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
          style={{ width: '100%' }}
          aria-label={t('learner.answer')}
        />
      );
    case 'fill_in_blank': {
      const blanks = Array.from({ length: s.blank_count ?? 1 }, (_, i) => (Array.isArray(value) ? String(value[i] ?? '') : ''));
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {blanks.map((b, i) => (
            <Input
              key={i}
              value={b}
              aria-label={t('learner.blank', { n: i + 1 })}
              onChange={(e) => onChange(blanks.map((x, j) => (j === i ? e.target.value : x)))}
              maxLength={500}
            />
          ))}
        </Space>
      );
    }
    default:
      return (
        <Input.TextArea
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          maxLength={500}
          autoSize
          aria-label={t('learner.answer')}
        />
      );
  }
}

const isAnswered = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === ''));

/**
 * A learner's in-class page, sized for a phone (decision 0155): check in with the code the room shows (a scanned QR
 * code brings it in `?code=` and checks in at once), answer the question the instructor asks, and, when the session
 * tracks actions (`inclass.user_action_track`), leaving the page and coming back are recorded.
 */
export function LearnerRoom({ overview, codeFromLink }: { overview: InclassOverview; codeFromLink: string | null }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const sessionId = overview.session?.id ?? null;
  const session = useInclassSession(sessionId, overview.session ?? undefined);
  useInclassStream(sessionId);
  const checkIn = useCheckIn(sessionId ?? 0);
  const answer = useAnswerPoll(sessionId ?? 0);
  const [code, setCode] = useState(codeFromLink ?? '');
  const [draft, setDraft] = useState<{ pollId: number; value: unknown } | null>(null);
  const triedLink = useRef(false);
  const s = session.data;
  const rollcall = s?.rollcall ?? null;
  const mustCheckIn = rollcall !== null && rollcall.closed_at === null && rollcall.my_status === 'absent';

  // A scanned QR code: check in once with its code.
  useEffect(() => {
    if (!mustCheckIn || !codeFromLink || triedLink.current) return;
    triedLink.current = true;
    checkIn.mutate(codeFromLink, { onError: (e) => toast.error(e, t('learner.checkinFailed')) });
  }, [mustCheckIn, codeFromLink, checkIn, toast, t]);

  // inclass.user_action_track: leaving the page (another app, the lock screen) and coming back.
  const tracks = s?.tracks_actions === true && s.ended_at === null;
  useEffect(() => {
    if (!tracks || sessionId === null) return;
    const onVisibility = () => postAction(sessionId, document.visibilityState === 'hidden' ? 'blur' : 'focus');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [tracks, sessionId]);

  if (sessionId === null)
    return (
      <Card className="inclass-learner-card">
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          {/* A still icon, not a spinner: the page waits for the class, it is not loading (it looks again every 5 s). */}
          <ClockCircleOutlined style={{ fontSize: 40, color: '#8c8c8c' }} aria-hidden />
          <Typography.Title level={2}>{t('learner.waitingTitle')}</Typography.Title>
          <Typography.Text type="secondary">{t('learner.waiting')}</Typography.Text>
        </Space>
      </Card>
    );
  if (session.isPending) return <PageSpinner />;
  if (session.isError || !s) return <ApiErrorResult error={session.error} onRetry={() => void session.refetch()} />;
  if (s.ended_at) return <Alert type="info" showIcon message={t('learner.ended')} />;

  const poll = s.poll;
  const pollOpen = poll !== null && poll.closed_at === null;
  const value = draft && poll && draft.pollId === poll.id ? draft.value : poll?.my_answer;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {s.activity_title}
      </Typography.Title>
      {s.tracks_actions && <Typography.Text type="secondary">{t('learner.tracked')}</Typography.Text>}
      {rollcall && rollcall.closed_at === null && (
        <Card title={t('rollcall.title')} className="inclass-learner-card" data-testid="learner-rollcall">
          {mustCheckIn ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                checkIn.mutate(code.trim(), { onError: (err) => toast.error(err, t('learner.checkinFailed')) });
              }}
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <label htmlFor="inclass-code">{t('learner.enterCode')}</label>
                <Input
                  id="inclass-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={4}
                  size="large"
                  className="inclass-code-input"
                />
                <Button type="primary" htmlType="submit" size="large" block disabled={code.length !== 4} loading={checkIn.isPending}>
                  {t('learner.checkIn')}
                </Button>
              </Space>
            </form>
          ) : (
            <Alert
              type={rollcall.my_status === 'late' ? 'warning' : 'success'}
              showIcon
              message={rollcall.my_status === 'late' ? t('learner.checkedInLate') : t('learner.checkedIn')}
              data-testid="learner-checked-in"
            />
          )}
        </Card>
      )}
      {poll && (
        <Card title={poll.kind === 'poll' ? t('poll.kindPoll') : t('poll.kindQuestion')} className="inclass-learner-card" data-testid="learner-poll">
          <Space direction="vertical" style={{ width: '100%' }}>
            <RichHtml html={poll.subject.description} />
            {pollOpen ? (
              <>
                <AnswerInput poll={poll} value={value} onChange={(v) => setDraft({ pollId: poll.id, value: v })} />
                <Button
                  type="primary"
                  size="large"
                  block
                  disabled={!isAnswered(value)}
                  loading={answer.isPending}
                  onClick={() =>
                    answer.mutate(
                      { pollId: poll.id, answer: value },
                      { onSuccess: () => setDraft(null), onError: (e) => toast.error(e, t('learner.answerFailed')) },
                    )
                  }
                >
                  {poll.my_answer !== undefined ? t('learner.changeAnswer') : t('learner.send')}
                </Button>
                {poll.my_answer !== undefined && <Alert type="success" showIcon message={t('learner.sent')} data-testid="learner-answer-sent" />}
              </>
            ) : (
              <Alert type="info" showIcon message={t('learner.pollClosed')} />
            )}
          </Space>
        </Card>
      )}
      {!rollcall?.closed_at && !rollcall && !poll && <Typography.Text type="secondary">{t('learner.nothingYet')}</Typography.Text>}
    </Space>
  );
}
