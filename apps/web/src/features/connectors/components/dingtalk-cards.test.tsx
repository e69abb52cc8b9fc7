import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DingTalkChatResponse, DingTalkConfigResponse } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { orgOf } from '../../../test/fixtures';
import { OrgDingTalkCard } from './org-dingtalk-card';
import { CourseChatCard } from './course-chat-card';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let chatGroup: boolean;
let config: DingTalkConfigResponse;
let chat: DingTalkChatResponse | { status: number; body: object };
const sent: { method: string; url: string; body: unknown }[] = [];
const toggles = () => ({
  timetable: true,
  meeting: true,
  instruction_meeting: true,
  cloud_classroom: true,
  vocabulary_entries: false,
  inclass_user_action_track: false,
  chat_group: chatGroup,
});

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  if (method !== 'GET') sent.push({ method, url, body });
  if (url === '/api/org') return jsonResponse(200, orgOf({ toggles: toggles() }));
  if (url === '/api/org/toggles') {
    chatGroup = body?.chat_group === true;
    return jsonResponse(200, orgOf({ toggles: toggles() }));
  }
  if (url === '/api/org/ding-talk' && method === 'GET') return jsonResponse(200, config);
  if (url === '/api/org/ding-talk' && method === 'PUT') {
    if (!body?.app_secret && !config.config)
      return jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'app_secret',
        errors: { app_secret: ['is required the first time DingTalk is configured'] },
      });
    config = { config: { app_key: String(body?.app_key), has_secret: true, api_base_url: String(body?.api_base_url), updated_at: '2026-12-04T10:00:00Z' } };
    return jsonResponse(200, config.config);
  }
  if (url.startsWith('/api/ding-talk/chat') && method === 'GET') return 'status' in chat ? jsonResponse(chat.status, chat.body) : jsonResponse(200, chat);
  if (url.startsWith('/api/ding-talk/chat') && method === 'PUT') {
    chat = { chat: { chat_id: 'chat1', name: 'CS101', owner: 'ding-teacher', useridlist: ['ding-teacher', 'ding-ada'], created_at: '2026-12-04T10:00:00Z' } };
    return jsonResponse(200, { chat_id: 'chat1', useridlist: chat.chat!.useridlist });
  }
  if (url.startsWith('/api/course/7/students')) return jsonResponse(200, { students: [{ id: 21, name: 'Ada Lovelace', user_no: 'S021' }] });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no such route' });
}

describe('DingTalk cards', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => route(input, init));
    chatGroup = false;
    config = { config: null };
    chat = { chat: null };
    sent.length = 0;
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('OrgDingTalkCard: not configured at first; the toggle switches the chat group; the secret is required the first time and never shown', async () => {
    renderWithApp(<OrgDingTalkCard />);
    expect(screen.getByRole('status', { name: 'Loading the DingTalk configuration' })).toBeInTheDocument();
    expect(await screen.findByText('No DingTalk application is set: course groups cannot be created yet.')).toBeInTheDocument();
    const actor = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Chat group for courses' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    await actor.click(toggle);
    await waitFor(() => expect(sent[0]).toEqual({ method: 'PUT', url: '/api/org/toggles', body: { chat_group: true } }));
    await waitFor(() => expect(toggle).toBeChecked());

    await actor.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog');
    await actor.type(within(dialog).getByLabelText('App key'), 'ding-key');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the app secret')).toBeInTheDocument();
    await actor.type(within(dialog).getByLabelText('App secret'), 's3cret');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.at(-1)?.url).toBe('/api/org/ding-talk'));
    expect(sent.at(-1)?.body).toEqual({ app_key: 'ding-key', app_secret: 's3cret', api_base_url: 'https://oapi.dingtalk.com' });
    expect(await screen.findByText('ding-key')).toBeInTheDocument();
    expect(screen.getByText('Set (hidden)')).toBeInTheDocument();
    expect(screen.queryByText('s3cret')).toBeNull();
  });

  it('CourseChatCard: absent while the toggle is off', async () => {
    renderWithApp(<CourseChatCard courseId={7} canManage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('course-chat')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/ding-talk'))).toBe(false);
  });

  it('CourseChatCard: says honestly that DingTalk is not configured', async () => {
    chatGroup = true;
    chat = { status: 409, body: { code: 'CONNECTOR_NOT_CONFIGURED', message: 'An administrator sets its app key first', errors: { provider: ['x'] } } };
    renderWithApp(<CourseChatCard courseId={7} canManage={false} />);
    expect(await screen.findByText(/DingTalk is not configured for your organi[sz]ation/)).toBeInTheDocument();
    expect(screen.getByText('An administrator sets its app key first')).toBeInTheDocument();
  });

  it('CourseChatCard: no group yet; the team adds students, creating it, and sees its members', async () => {
    chatGroup = true;
    renderWithApp(<CourseChatCard courseId={7} canManage />);
    expect(await screen.findByText(/This course has no DingTalk group yet: add students/)).toBeInTheDocument();
    const actor = userEvent.setup();
    await actor.click(screen.getByLabelText('Students to add to the group'));
    await actor.click(await screen.findByTitle('Ada Lovelace (S021)'));
    await actor.click(screen.getByRole('button', { name: 'Create group and add' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'PUT', url: '/api/ding-talk/chat?course_id=7', body: { users_2_add: [21] } }));
    const members = await screen.findByTestId('chat-members');
    expect(within(members).getByText('ding-ada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to group' })).toBeInTheDocument();
  });

  it('CourseChatCard: members read the group without the add controls', async () => {
    chatGroup = true;
    chat = { chat: { chat_id: 'chat1', name: 'CS101', owner: 'ding-teacher', useridlist: ['ding-teacher'], created_at: '2026-12-04T10:00:00Z' } };
    renderWithApp(<CourseChatCard courseId={7} canManage={false} />);
    expect(await screen.findByText('CS101')).toBeInTheDocument();
    expect(screen.queryByLabelText('Students to add to the group')).toBeNull();
  });
});
