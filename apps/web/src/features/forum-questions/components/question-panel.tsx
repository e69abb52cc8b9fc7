import { useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Input, List, Pagination, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Question, type Reply, type TopicDetail } from '@atrium/contracts';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { RichHtml } from '../../activities/components/views/rich-html';
import { useTopicLive } from '../../notifications/hooks/use-topic-live';
import {
  QUESTION_PAGE_SIZE,
  formatSecond,
  textToHtml,
  useAnswerQuestion,
  useAskQuestion,
  useQuestionCount,
  useQuestionDetail,
  useQuestions,
  type QuestionFile,
} from '../api';

/** Width the question panel takes beside the previewed file. */
export const QUESTION_PANEL_WIDTH_PX = 340;

/** Where a question on this file is anchored: a document's page, a media file's second, or nowhere. */
export type QuestionAnchorKind = 'page' | 'second' | null;

export interface QuestionPanelProps extends QuestionFile {
  anchorKind: QuestionAnchorKind;
  /** The page on screen (documents; from the PDF viewer), null when unknown. */
  currentPage: number | null;
  /** The second the media is at now. */
  currentSecond?: () => number;
  /** The course team: replies are answers. */
  canAnswer: boolean;
  /** Turn to a question's page or second. */
  onGoTo?: (anchor: number) => void;
  onClose: () => void;
  /** Open this question at once (a notification's destination). */
  initialQuestionId?: number | null;
}

/**
 * The previewer's question panel (issue 18 §4; spec §2, §6): the file's questions in its
 * activity — this page's or every page's — newest first with their answer state, paged; asking
 * one anchored at the current page (or second); opening one to read its answers and reply (the
 * team answers). New replies arrive live through the notification stream. Loading, empty and
 * error states; server field errors on the form.
 */
export function QuestionPanel(props: QuestionPanelProps) {
  const { t } = useTranslation('previewer');
  const file = { activityId: props.activityId, uploadId: props.uploadId };
  const [openId, setOpenId] = useState<number | null>(props.initialQuestionId ?? null);
  const count = useQuestionCount(file);
  const title = count.data ? t('questions.titleCount', { count: count.data.count }) : t('panels.question');
  return (
    <aside
      aria-label={t('panels.question')}
      data-testid="panel-question"
      style={{
        width: QUESTION_PANEL_WIDTH_PX,
        flex: `0 0 ${QUESTION_PANEL_WIDTH_PX}px`,
        borderLeft: '1px solid #f0f0f0',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Flex align="center" gap={4} style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
        {openId !== null && <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('questions.back')} onClick={() => setOpenId(null)} />}
        <Typography.Text strong style={{ flex: 1 }} data-testid="question-panel-title">
          {title}
        </Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('panels.close')} onClick={props.onClose} />
      </Flex>
      <div style={{ flex: 1, overflow: 'auto', padding: 12 }}>
        {openId === null ? (
          <QuestionList {...props} onOpen={setOpenId} />
        ) : (
          <QuestionThread file={file} topicId={openId} canAnswer={props.canAnswer} onGoTo={props.onGoTo} />
        )}
      </div>
    </aside>
  );
}

function anchorLabel(t: (key: string, values?: Record<string, unknown>) => string, q: Pick<Question, 'anchor_page' | 'anchor_second'>): string | null {
  if (q.anchor_page !== null) return t('questions.onPage', { page: q.anchor_page });
  if (q.anchor_second !== null) return t('questions.atSecond', { time: formatSecond(q.anchor_second) });
  return null;
}

function QuestionList({ onOpen, ...props }: QuestionPanelProps & { onOpen: (id: number) => void }) {
  const { t } = useTranslation('previewer');
  const file = { activityId: props.activityId, uploadId: props.uploadId };
  const hasPages = props.anchorKind === 'page' && props.currentPage !== null;
  const [scope, setScope] = useState<'page' | 'all'>('all');
  const [page, setPage] = useState(1);
  const [isAsking, setAsking] = useState(false);
  const anchorPage = hasPages && scope === 'page' ? props.currentPage : null;
  const questions = useQuestions(file, anchorPage, page);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} align="center" wrap>
        {hasPages && (
          <Segmented
            size="small"
            value={scope}
            onChange={(value) => {
              setScope(value as 'page' | 'all');
              setPage(1);
            }}
            options={[
              { value: 'page', label: t('questions.thisPage', { page: props.currentPage }) },
              { value: 'all', label: t('questions.allPages') },
            ]}
            aria-label={t('questions.filter')}
          />
        )}
        {!isAsking && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)} style={{ marginInlineStart: 'auto' }}>
            {t('questions.ask')}
          </Button>
        )}
      </Flex>
      {isAsking && <AskForm {...props} onDone={() => setAsking(false)} />}
      {questions.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin aria-label={t('questions.loading')} />
        </Flex>
      ) : questions.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('questions.loadFailed')}
          action={
            <Button size="small" onClick={() => void questions.refetch()}>
              {t('questions.retry')}
            </Button>
          }
        />
      ) : questions.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={anchorPage !== null ? t('questions.emptyPage') : t('questions.empty')} />
      ) : (
        <>
          <List
            size="small"
            dataSource={questions.data.items}
            renderItem={(q) => (
              <List.Item data-testid="question-item" style={{ display: 'block', paddingInline: 0 }}>
                <Button type="link" onClick={() => onOpen(q.id)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}>
                  {q.title}
                </Button>
                {q.excerpt && (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {q.excerpt}
                  </Typography.Paragraph>
                )}
                <Flex gap={6} wrap align="center" style={{ fontSize: 12 }}>
                  {anchorLabel(t, q) && <Tag>{anchorLabel(t, q)}</Tag>}
                  {q.answered ? (
                    <Tag color="success" icon={<CheckCircleFilled />}>
                      {t('questions.answered')}
                    </Tag>
                  ) : (
                    <Tag>{t('questions.unanswered')}</Tag>
                  )}
                  {q.is_hidden && <Tag color="warning">{t('questions.hidden')}</Tag>}
                  <Typography.Text type="secondary">{t('questions.replies', { count: q.reply_count })}</Typography.Text>
                  <Typography.Text type="secondary">
                    {q.author.name} · {dayjs(q.created_at).format(TIME_FORMAT.display)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
          {questions.data.total > QUESTION_PAGE_SIZE && (
            <Pagination size="small" simple current={page} pageSize={QUESTION_PAGE_SIZE} total={questions.data.total} onChange={setPage} />
          )}
        </>
      )}
    </Space>
  );
}

interface AskValues {
  title: string;
  content: string;
}

function AskForm({ onDone, ...props }: QuestionPanelProps & { onDone: () => void }) {
  const { t } = useTranslation('previewer');
  const toast = useToast();
  const [form] = Form.useForm<AskValues>();
  const ask = useAskQuestion({ activityId: props.activityId, uploadId: props.uploadId });
  const anchor =
    props.anchorKind === 'page' && props.currentPage !== null
      ? { anchor_page: props.currentPage }
      : props.anchorKind === 'second' && props.currentSecond
        ? { anchor_second: Math.floor(props.currentSecond()) }
        : {};
  const where = anchorLabel(t, { anchor_page: anchor.anchor_page ?? null, anchor_second: anchor.anchor_second ?? null });
  const submit = async (values: AskValues) => {
    try {
      await ask.mutateAsync({ title: values.title.trim(), content: textToHtml(values.content ?? ''), ...anchor });
      toast.success(t('questions.asked'));
      form.resetFields();
      onDone();
    } catch (error) {
      const shown = showFieldErrors(form, error, { aliases: { anchor_page: 'title', anchor_second: 'title' } });
      if (shown.fieldErrors.length === 0) toast.error(error, t('questions.askFailed'));
    }
  };
  return (
    <Form form={form} layout="vertical" size="small" onFinish={(values) => void submit(values)} data-testid="question-form">
      {where && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('questions.askingAt', { where })}
        </Typography.Text>
      )}
      <Form.Item name="title" label={t('questions.titleLabel')} rules={[{ required: true, whitespace: true, message: t('questions.titleRequired') }]}>
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="content" label={t('questions.contentLabel')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={10_000} />
      </Form.Item>
      <Flex gap={8} justify="end">
        <Button onClick={onDone}>{t('questions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          {t('questions.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function ReplyItem({ reply }: { reply: Reply }) {
  const { t } = useTranslation('previewer');
  return (
    <div data-testid="question-reply" style={{ borderInlineStart: reply.author.is_team ? '3px solid #52c41a' : '3px solid #f0f0f0', paddingInlineStart: 8 }}>
      <Flex gap={6} align="center" wrap style={{ fontSize: 12 }}>
        <Typography.Text strong>{reply.author.name}</Typography.Text>
        {reply.author.is_team && <Tag color="success">{t('questions.team')}</Tag>}
        <Typography.Text type="secondary">{dayjs(reply.created_at).format(TIME_FORMAT.display)}</Typography.Text>
      </Flex>
      <RichHtml html={reply.content} />
    </div>
  );
}

function QuestionThread({ file, topicId, canAnswer, onGoTo }: { file: QuestionFile; topicId: number; canAnswer: boolean; onGoTo?: (anchor: number) => void }) {
  const { t } = useTranslation('previewer');
  const toast = useToast();
  const detail = useQuestionDetail(topicId);
  const answer = useAnswerQuestion(file, topicId);
  const [text, setText] = useState('');
  useTopicLive(topicId, () => void detail.refetch());

  if (detail.isPending)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin aria-label={t('questions.loading')} />
      </Flex>
    );
  if (detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('questions.loadOneFailed')}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('questions.retry')}
          </Button>
        }
      />
    );
  const q: TopicDetail = detail.data;
  const where = anchorLabel(t, q);
  const send = async () => {
    const content = textToHtml(text);
    if (!content) return;
    try {
      await answer.mutateAsync({ content });
      setText('');
      toast.success(canAnswer ? t('questions.answerSent') : t('questions.replySent'));
    } catch (error) {
      toast.error(error, t('questions.replyFailed'));
    }
  };
  const anchorValue = q.anchor_page ?? q.anchor_second;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="question-thread">
      <div>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {q.title}
        </Typography.Title>
        <Flex gap={6} wrap align="center" style={{ fontSize: 12, marginTop: 4 }}>
          {where &&
            (onGoTo && anchorValue !== null ? (
              <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onGoTo(anchorValue)}>
                {where}
              </Button>
            ) : (
              <Tag>{where}</Tag>
            ))}
          <Typography.Text type="secondary">
            {q.author.name} · {dayjs(q.created_at).format(TIME_FORMAT.display)}
          </Typography.Text>
        </Flex>
        {q.content && <RichHtml html={q.content} testId="question-content" />}
      </div>
      <Typography.Text strong>{t('questions.answers', { count: q.reply_count })}</Typography.Text>
      {q.replies.length === 0 ? (
        <Typography.Text type="secondary">{t('questions.noAnswers')}</Typography.Text>
      ) : (
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          {q.replies.map((reply) => (
            <div key={reply.id}>
              <ReplyItem reply={reply} />
              {reply.replies.length > 0 && (
                <div style={{ marginInlineStart: 16, marginTop: 6 }}>
                  {reply.replies.map((child) => (
                    <ReplyItem key={child.id} reply={child} />
                  ))}
                </div>
              )}
            </div>
          ))}
        </Space>
      )}
      {q.can_reply ? (
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={10_000}
            aria-label={canAnswer ? t('questions.answerLabel') : t('questions.replyLabel')}
            placeholder={canAnswer ? t('questions.answerLabel') : t('questions.replyLabel')}
          />
          <Flex justify="end">
            <Button type="primary" size="small" disabled={textToHtml(text) === ''} loading={answer.isPending} onClick={() => void send()}>
              {canAnswer ? t('questions.answer') : t('questions.reply')}
            </Button>
          </Flex>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('questions.closed')}</Typography.Text>
      )}
    </Space>
  );
}
