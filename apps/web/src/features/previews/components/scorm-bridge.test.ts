import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { bridgeStateOf, connectScormBridge } from './scorm-bridge';

const settings = { lmsCommitUrl: false as const, autocommit: false, logLevel: 5 as const };

/** A frame's window as the bridge sees it (a real jsdom iframe), its postMessage answers recorded. */
function frame() {
  const element = document.createElement('iframe');
  document.body.append(element);
  const win = element.contentWindow!;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => undefined);
  return { element, win, posted };
}

function send(source: Window, data: unknown, origin = 'http://127.0.0.1:3001') {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  document.body.replaceChildren();
});

/** Issue 20 §3: the SCO frame on the content origin reaches the app page's runtime by postMessage only. */
describe('SCORM postMessage bridge', () => {
  it('answers the frame with the learner CMI, read-only elements included, so a resume reads its location at once', () => {
    const relaunch = { core: { lesson_location: 'page-3', entry: 'resume', total_time: '00:01:40' }, suspend_data: 'abc' };
    const api = new Scorm12API(settings);
    api.loadFromJSON(relaunch, '');
    const state = bridgeStateOf(api, '1.2', relaunch);
    expect(state).toMatchObject({
      'cmi.core.lesson_location': 'page-3',
      'cmi.core.entry': 'resume',
      'cmi.suspend_data': 'abc',
      'cmi.core.total_time': '00:01:40',
    });
    expect(state['cmi.core._children']).toContain('lesson_location');
    expect(api.isInitialized()).toBe(false);
  });

  it('applies forwarded calls to the runtime and answers only its own frame', () => {
    const api = new Scorm2004API(settings);
    const { win, posted } = frame();
    const stranger = frame();
    const committed = vi.fn();
    api.on('Commit', committed);
    const disconnect = connectScormBridge(() => win, api, '2004', null);

    send(stranger.win, { atriumScorm: 1, type: 'hello' });
    expect(stranger.posted).not.toHaveBeenCalled();
    send(win, { atriumScorm: 1, type: 'hello' });
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({ atriumScorm: 1, type: 'state', values: expect.objectContaining({ 'cmi.completion_status': 'unknown' }) }),
      'http://127.0.0.1:3001',
    );

    send(win, { atriumScorm: 1, type: 'call', seq: 1, method: 'Initialize', args: [''] });
    send(win, { atriumScorm: 1, type: 'call', seq: 2, method: 'SetValue', args: ['cmi.location', 'p2'] });
    send(win, { atriumScorm: 1, type: 'call', seq: 3, method: 'SetValue', args: ['cmi.completion_status', 'bogus'] });
    send(stranger.win, { atriumScorm: 1, type: 'call', seq: 1, method: 'SetValue', args: ['cmi.location', 'forged'] });
    send(win, { atriumScorm: 1, type: 'call', seq: 4, method: 'GetLastError', args: [] });
    send(win, { atriumScorm: 1, type: 'call', seq: 5, method: 'Commit', args: [''] });
    expect(api.GetValue('cmi.location')).toBe('p2');
    expect(committed).toHaveBeenCalledTimes(1);
    const results = posted.mock.calls.map(([message]) => message as { type: string; seq?: number; result?: string; error?: string });
    expect(results.filter((m) => m.type === 'result').map((m) => [m.seq, m.result, m.error])).toEqual([
      [1, 'true', '0'],
      [2, 'true', '0'],
      [3, 'false', '406'],
      [5, 'true', '0'],
    ]);

    disconnect();
    send(win, { atriumScorm: 1, type: 'call', seq: 6, method: 'SetValue', args: ['cmi.location', 'late'] });
    expect(api.GetValue('cmi.location')).toBe('p2');
  });
});
