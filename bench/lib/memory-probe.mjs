// Preloaded into the server by bench/idle-memory.bench.mjs (`node --import`): on SIGUSR2 it writes where the
// process's memory is — process.memoryUsage() and V8's heap statistics, in bytes — as JSON to
// ATRIUM_MEMORY_PROBE_FILE. It allocates nothing until asked.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.ATRIUM_MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: s.space_used_size, size: s.space_size }]));
    writeFileSync(
      file,
      JSON.stringify({
        ...process.memoryUsage(),
        mallocedMemory: heap.malloced_memory,
        totalHeapSize: heap.total_heap_size,
        codeSpace: spaces.code_space?.used ?? 0,
        spaces,
      }),
    );
  });
}
