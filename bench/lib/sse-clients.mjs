// The SSE clients of bench/notifications.bench.ts, in a child process of their own (plain JavaScript,
// forked with IPC): its own event loop and its own memory, so the server's RSS is the server's.
// Opens `GET /api/notifications/stream` once per session token with node:http, parses the frames,
// and records for each `event: notification` its id, the index of the client it reached and when
// (epoch ms, sub-millisecond). Messages: parent → { tokens, port } starts; child → { type:
// 'connected', connected, errors }; parent → { type: 'report' }; child → { type: 'report', receipts,
// heartbeats, ended, errors } then closes every stream and exits; { type: 'count' } answers how many
// notifications arrived so far.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const receipts = [];
const errors = [];
const requests = [];
let heartbeats = 0;
let ended = 0;

function open(port, token, index) {
  return new Promise((resolve) => {
    let isConnected = false;
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', agent, headers: { cookie: `atrium_session=${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          errors.push(`client ${index}: ${res.statusCode}`);
          res.resume();
          resolve(false);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.startsWith(': heartbeat')) {
              heartbeats++;
              continue;
            }
            if (frame.includes('event: unread') && !isConnected) {
              isConnected = true;
              resolve(true);
              continue;
            }
            if (frame.includes('event: notification')) {
              const id = /^id: (\d+)$/m.exec(frame)?.[1];
              receipts.push([Number(id), index, now()]);
            }
          }
        });
        res.on('end', () => ended++);
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => {
      if (!isConnected) {
        errors.push(`client ${index}: ${error.message}`);
        resolve(false);
      }
    });
    requests.push(req);
  });
}

process.on('message', async (message) => {
  if (message.type === 'start') {
    let connected = 0;
    // In waves of 100, as browsers arriving do rather than one SYN flood.
    for (let i = 0; i < message.tokens.length; i += 100) {
      const wave = await Promise.all(message.tokens.slice(i, i + 100).map((token, k) => open(message.port, token, i + k)));
      connected += wave.filter(Boolean).length;
    }
    process.send({ type: 'connected', connected, errors });
  } else if (message.type === 'count') {
    process.send({ type: 'count', count: receipts.length });
  } else if (message.type === 'report') {
    process.send({ type: 'report', receipts, heartbeats, ended, errors }, () => {
      for (const req of requests) req.destroy();
      process.exit(0);
    });
  }
});
