// A command-line client of the block protocol that behaves like the web uploader:
// 4 MiB blocks sent as 1 MiB chunks (mkblk + bput), progress saved after every
// chunk to a state file (the browser keeps it in localStorage), resumed from it
// on the next run, a fresh token on 401 (spec §8), a restarted block on 701,
// retries while the server is unreachable. Used by the fault tests, which kill it
// (or the server) mid-file.
//
// usage: node block-client.mjs <baseUrl> <cookie> <uploadId> <file> <stateFile> [pauseMsPerChunk]
import { readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const [baseUrl, cookie, uploadIdText, file, stateFile, pauseText = '0'] = process.argv.slice(2);
const BLOCK = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const pause = Number(pauseText);
const bytes = readFileSync(file);
const uploadId = Number(uploadIdText);
const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : { uploadId, blocks: {} };

function save() {
  writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${stateFile}.tmp`, stateFile);
}

/** fetch that waits out a restarting server (connection refused) for up to 60 s. */
async function call(url, init) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await fetch(`${baseUrl}${url}`, init);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

let token;
async function refreshToken() {
  const res = await call(`/api/uptoken?id=${uploadId}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`uptoken ${res.status} ${await res.text()}`);
  token = (await res.json()).uptoken;
}

async function post(url, body) {
  for (let attempt = 0; ; attempt++) {
    if (!token) await refreshToken();
    const res = await call(url, {
      method: 'POST',
      body,
      headers: { authorization: `UpToken ${token}`, 'content-type': typeof body === 'string' ? 'text/plain' : 'application/octet-stream' },
    });
    if (res.status === 401 && attempt < 2) {
      token = undefined;
      continue;
    }
    if (res.status >= 500 && res.status < 600 && attempt < 20) {
      await sleep(250);
      continue;
    }
    return res;
  }
}

const upload = await (await call(`/api/uploads/${uploadId}`, { headers: { cookie } })).json();
const blockCount = Math.ceil(bytes.length / BLOCK);
for (let index = 0; index < blockCount; index++) {
  const start = index * BLOCK;
  const size = Math.min(BLOCK, bytes.length - start);
  for (;;) {
    const saved = state.blocks[index];
    if (saved && saved.offset === size) break;
    const offset = saved?.offset ?? 0;
    const chunk = bytes.subarray(start + offset, start + Math.min(size, offset + CHUNK));
    const res = saved ? await post(`/bput/${saved.ctx}/${offset}`, chunk) : await post(`/mkblk/${size}`, chunk);
    if (res.status === 701) {
      delete state.blocks[index];
      save();
      continue;
    }
    if (!res.ok) throw new Error(`chunk ${res.status} ${await res.text()}`);
    const body = await res.json();
    state.blocks[index] = { ctx: body.ctx, offset: body.offset, size };
    save();
    console.log(`CHUNK ${index} ${body.offset}`);
    if (pause > 0) await sleep(pause);
  }
  console.log(`BLOCK_DONE ${index}`);
}
const ctxs = Array.from({ length: blockCount }, (_, i) => state.blocks[i].ctx).join(',');
const made = await post(`/mkfile/${bytes.length}/key/${Buffer.from(upload.key).toString('base64url')}`, ctxs);
const result = await made.json();
if (!made.ok) throw new Error(`mkfile ${made.status} ${JSON.stringify(result)}`);
const uploaded = await call(`/api/uploads/${uploadId}/uploaded`, { method: 'PUT', headers: { cookie } });
console.log(`MKFILE ${JSON.stringify(result)} ${uploaded.status}`);
