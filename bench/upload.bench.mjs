#!/usr/bin/env node
// Upload throughput: a 1 GiB file through the block protocol (4 MiB mkblk calls,
// 5 in flight, then mkfile) to the built Atrium server on local disk, against a
// single raw PUT of the same bytes to a bare Node HTTP server writing to the same
// disk, in one run. Also the server's RSS (before, peak, growth), and the time
// from PUT to ready for a transcode (just-two-mice.mp4) and an Office conversion
// (pythonpptx__test.pptx). Needs `npm run build` first; run through tsx (`node --import tsx bench/upload.bench.mjs`, as npm run bench does) for the shared fixtures helper. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fixturesDir } from '../apps/server/src/lib/fixtures.js';
import { reportFigure } from './lib/figures.js';
import { waitForUrl } from './lib/wait-for.mjs';

const BLOCK = 4 * 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const IN_FLIGHT = 5;
const port = Number(process.env.BENCH_UPLOAD_PORT ?? 3192);
const rawPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'atrium-upload-bench-'));
const fixtures = fixturesDir();
const mb = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(1);

const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
};

// The source file: 1 GiB of text (a .txt passes the content check without a signature).
const source = path.join(work, 'source.txt');
{
  const fd = openSync(source, 'w');
  const line = Buffer.alloc(BLOCK, 'Atrium upload benchmark: the quick brown fox jumps over the lazy dog.\n');
  for (let written = 0; written < SIZE; written += BLOCK) writeSync(fd, line, 0, Math.min(BLOCK, SIZE - written));
  closeSync(fd);
}

// 1. Raw PUT to a bare Node HTTP server writing to the same disk.
const rawServer = spawn(
  process.execPath,
  [
    '-e',
    `const http=require('http'),fs=require('fs');http.createServer((req,res)=>{const out=fs.createWriteStream(process.argv[1]);req.pipe(out);out.on('finish',()=>{res.end('ok')});}).listen(${rawPort},'127.0.0.1',()=>console.log('up'));`,
    path.join(work, 'raw-target.bin'),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((resolve) => rawServer.stdout.once('data', resolve));
const rawStart = performance.now();
await new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port: rawPort, method: 'PUT', path: '/', headers: { 'content-length': SIZE } }, (res) => {
    res.resume();
    res.on('end', resolve);
  });
  req.on('error', reject);
  createReadStream(source).pipe(req);
});
const rawMs = performance.now() - rawStart;
rawServer.kill();
rmSync(path.join(work, 'raw-target.bin'), { force: true });

// 2. The block protocol against the built Atrium server.
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ATRIUM_DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', ATRIUM_SEED: 'true' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForUrl(`${base}/api/health`, Date.now() + 120_000);
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ user_name: 'instructor', password: 'atrium-demo' }),
});
const cookie = login.headers.get('set-cookie').split(';')[0];
const json = (res) => res.json();
const rssBefore = rssOf(server.pid);
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid))), 50);

const created = await json(
  await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench.txt', size: SIZE }),
  }),
);
const { uptoken } = await json(await fetch(`${base}/api/uptoken?id=${created.id}`, { headers: { cookie } }));
const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
function post(url, body, type = 'application/octet-stream') {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent,
        headers: { authorization: `UpToken ${uptoken}`, 'content-type': type, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(Buffer.concat(chunks).toString()))
            : reject(new Error(`${url} ${res.statusCode} ${Buffer.concat(chunks)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const blockCount = Math.ceil(SIZE / BLOCK);
const ctxs = new Array(blockCount);
const fd = openSync(source, 'r');
let next = 0;
const blockStart = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < blockCount) {
      const index = next++;
      const size = Math.min(BLOCK, SIZE - index * BLOCK);
      const buffer = Buffer.allocUnsafe(size);
      readSync(fd, buffer, 0, size, index * BLOCK);
      ctxs[index] = (await post(`/mkblk/${size}`, buffer)).ctx;
    }
  }),
);
const blocksMs = performance.now() - blockStart;
await post(`/mkfile/${SIZE}/key/${Buffer.from(created.key).toString('base64url')}`, ctxs.join(','), 'text/plain');
const totalMs = performance.now() - blockStart;
closeSync(fd);
clearInterval(sampler);
const storedSize = statSync(path.join(work, 'data', 'files', created.key)).size;

// 3. Processing: PUT to ready for a transcode and an Office conversion (median of 3).
async function processOnce(fixture) {
  const bytes = readFileSync(path.join(fixtures, fixture));
  const up = await json(
    await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: path.basename(fixture), size: bytes.length }),
    }),
  );
  const start = performance.now();
  await fetch(`${base}${up.upload_url}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/octet-stream' }, body: bytes });
  for (;;) {
    const state = await json(await fetch(`${base}/api/uploads/${up.id}`, { headers: { cookie } }));
    if (state.status === 'ready' || state.status === 'failed') return { ms: performance.now() - start, status: state.status };
    await new Promise((r) => setTimeout(r, 50));
  }
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const transcode = [];
const convert = [];
for (let i = 0; i < 3; i++) {
  transcode.push((await processOnce('video/pythonpptx__just-two-mice.mp4')).ms);
  convert.push((await processOnce('office/pythonpptx__test.pptx')).ms);
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
agent.destroy();
rmSync(work, { recursive: true, force: true });

const rawRate = SIZE / rawMs;
console.log(
  `file: ${(SIZE / 1024 ** 3).toFixed(2)} GiB, ${blockCount} blocks of 4 MiB, ${IN_FLIGHT} in flight; stored ${storedSize === SIZE ? 'complete' : `WRONG SIZE ${storedSize}`}`,
);
console.log(`raw PUT to a bare Node server:          ${mb(SIZE, rawMs)} MB/s (${(rawMs / 1000).toFixed(2)} s)`);
console.log(
  `block protocol, blocks only:            ${mb(SIZE, blocksMs)} MB/s (${(blocksMs / 1000).toFixed(2)} s) — ratio ${(SIZE / blocksMs / rawRate).toFixed(2)}`,
);
console.log(
  `block protocol, blocks + mkfile:        ${mb(SIZE, totalMs)} MB/s (${(totalMs / 1000).toFixed(2)} s) — ratio ${(SIZE / totalMs / rawRate).toFixed(2)}`,
);
console.log(
  `server RSS: ${(rssBefore / 1e6).toFixed(0)} MB before, ${(rssPeak / 1e6).toFixed(0)} MB peak, growth ${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB`,
);
console.log(`transcode just-two-mice.mp4, PUT to ready (median of 3): ${(median(transcode) / 1000).toFixed(2)} s`);
console.log(`convert pythonpptx__test.pptx, PUT to ready (median of 3): ${(median(convert) / 1000).toFixed(2)} s`);
// Issue 22 target 5: the block protocol (blocks + mkfile) ≥ 0.8 of a raw PUT, server RSS growth < 100 MB (10^6 bytes).
const gib = `${(SIZE / 1024 ** 3).toFixed(2)} GiB`;
reportFigure({ name: `block upload vs raw PUT (${gib})`, value: SIZE / totalMs / rawRate, unit: '×', target: 0.8, better: 'higher' });
reportFigure({ name: `blocks only vs raw PUT (${gib})`, value: SIZE / blocksMs / rawRate, unit: '×', better: 'higher' });
reportFigure({ name: `server RSS growth (${gib})`, value: (rssPeak - rssBefore) / 1e6, unit: 'MB', target: 100, better: 'lower' });
reportFigure({ name: 'transcode, PUT to ready', value: median(transcode) / 1000, unit: 's', better: 'lower', note: 'median of 3' });
reportFigure({ name: 'Office conversion, PUT to ready', value: median(convert) / 1000, unit: 's', better: 'lower', note: 'median of 3' });
