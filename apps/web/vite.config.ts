import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Build id the app compares with `GET /d/version` (spec §4 version check). */
const buildId = process.env.ATRIUM_BUILD_ID ?? `${pkg.version}-${Date.now().toString(36)}`;

/** Writes `dist/version.json` = `{ "version": buildId }`, which the server answers at `/d/version`. */
/**
 * Writes `.br` and `.gz` siblings of every text asset over 1 KB after the build, so the
 * server (@fastify/static `preCompressed`) sends compressed bytes without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

function versionFile(id: string): Plugin {
  return {
    name: 'atrium-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version: id })}\n` });
    },
  };
}

const serverUrl = process.env.ATRIUM_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: here,
  plugins: [react(), versionFile(buildId), precompress()],
  define: { __ATRIUM_VERSION__: JSON.stringify(buildId) },
  server: {
    proxy: {
      '/api': serverUrl,
      '/d': serverUrl,
      '/internal-api': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
