import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentCount, Question, QuestionPage, Reply, TopicDetail } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/**
 * Questions on files (issue 18 §4; spec §2 the previewer's question panel, §7 comment/count): the
 * file's questions in an activity, asking one, reading a question with its answers and answering.
 * Answers are the forum's replies (`GET /api/topics/{id}`, `POST /api/topics/{id}/replies`).
 */

/** One file in one activity: whose questions. */
export interface QuestionFile {
  activityId: number;
  uploadId: number;
}

export const questionKeys = {
  all: ['forum-questions'] as const,
  file: (f: QuestionFile) => ['forum-questions', 'file', f.activityId, f.uploadId] as const,
  list: (f: QuestionFile, anchorPage: number | null, page: number) => ['forum-questions', 'file', f.activityId, f.uploadId, 'list', anchorPage, page] as const,
  count: (f: QuestionFile) => ['forum-questions', 'file', f.activityId, f.uploadId, 'count'] as const,
  topic: (id: number) => ['forum-questions', 'topic', id] as const,
};

export const QUESTION_PAGE_SIZE = 10;

/** `GET /api/uploads/{uploadId}/questions?activity_id=&anchor_page=&page=`: newest first; `anchorPage` null for every page. */
export function useQuestions(file: QuestionFile, anchorPage: number | null, page: number) {
  return useQuery({
    queryKey: questionKeys.list(file, anchorPage, page),
    queryFn: ({ signal }) =>
      api.get<QuestionPage>(
        `/api/uploads/${file.uploadId}/questions`,
        { activity_id: file.activityId, page, page_size: QUESTION_PAGE_SIZE, ...(anchorPage !== null ? { anchor_page: anchorPage } : {}) },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}

/** The `conditions` of spec §7's question count of one file. */
export function questionCountConditions(uploadId: number): string {
  return JSON.stringify({ referrer_id: uploadId, referrer_type: 'upload_reference', type: 'question' });
}

/** `GET /api/activities/{id}/comment/count?conditions=…` (spec §7): how many questions the file has. */
export function useQuestionCount(file: QuestionFile) {
  return useQuery({
    queryKey: questionKeys.count(file),
    queryFn: ({ signal }) =>
      api.get<CommentCount>(`/api/activities/${file.activityId}/comment/count`, { conditions: questionCountConditions(file.uploadId) }, signal),
  });
}

/** What a learner asks: a title, text (HTML) and where in the file. */
export interface AskBody {
  title: string;
  content: string;
  anchor_page?: number;
  anchor_second?: number;
}

/** `POST /api/uploads/{uploadId}/questions`; the file's lists and count are read again. */
export function useAskQuestion(file: QuestionFile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskBody) => api.post<Question>(`/api/uploads/${file.uploadId}/questions`, { activity_id: file.activityId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.file(file) }),
  });
}

/** `GET /api/topics/{id}`: a question with its answers (threaded), and what the reader may do. */
export function useQuestionDetail(topicId: number | null) {
  return useQuery({
    queryKey: questionKeys.topic(topicId ?? 0),
    queryFn: ({ signal }) => api.get<TopicDetail>(`/api/topics/${topicId}`, undefined, signal),
    enabled: topicId !== null,
  });
}

/** `POST /api/topics/{id}/replies`: an answer (the team) or a learner's reply; the question and the file's lists are read again. */
export function useAnswerQuestion(file: QuestionFile, topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; parent_id?: number }) => api.post<Reply>(`/api/topics/${topicId}/replies`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionKeys.topic(topicId) }),
        queryClient.invalidateQueries({ queryKey: questionKeys.file(file) }),
      ]);
    },
  });
}

/** Plain text typed in a box as the HTML a topic or reply takes: escaped, one paragraph per line. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/** A media anchor as m:ss (or h:mm:ss). */
export function formatSecond(second: number): string {
  const s = Math.max(0, Math.floor(second));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
