// The students of bench/exam.bench.ts, run in a worker thread (plain JavaScript: workers do not
// load tsx): each starts at a random moment of the window's first part, saves its answers one by
// one with a pause of 0.5–1.5 s, then submits. Posts back the latencies (ms) and the errors.
import { parentPort, workerData } from 'node:worker_threads';

const plan = workerData;
const t = { start: [], save: [], submit: [], errors: [], lastAt: 0 };
const t0 = performance.now();
const base = `http://127.0.0.1:${plan.port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function timed(into, what, url, init) {
  const at = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    into.push(performance.now() - at);
    if (!res.ok) {
      t.errors.push(`${what} ${res.status} ${body.slice(0, 120)}`);
      return null;
    }
    return JSON.parse(body);
  } catch (error) {
    t.errors.push(`${what} ${error.message}`);
    return null;
  }
}

const startWindowMs = Math.max(1, plan.windowS - 15) * 1000;
await Promise.all(
  plan.tokens.map(async (token) => {
    await sleep(Math.random() * startWindowMs);
    const cookie = `atrium_session=${token}`;
    const attempt = await timed(t.start, 'start', `${base}/api/exams/${plan.examId}/attempts`, { method: 'POST', headers: { cookie } });
    if (!attempt) return;
    for (const answer of plan.answers) {
      await sleep(500 + Math.random() * 1000);
      await timed(t.save, 'save', `${base}/api/exam-attempts/${attempt.id}/answers`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [answer] }),
      });
    }
    await timed(t.submit, 'submit', `${base}/api/exam-attempts/${attempt.id}/submit`, { method: 'POST', headers: { cookie } });
  }),
);
t.lastAt = (performance.now() - t0) / 1000;
parentPort.postMessage(t);
