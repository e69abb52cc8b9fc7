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

/**
 * How the app's JavaScript is cut into files (Rolldown's `output.codeSplitting`). Left to itself, Rolldown
 * gives every set of pages sharing some modules its own chunk: ~300 files, ~70 of them small ones for the
 * PDF editor and ~120 for a course's forum, which a cold load then fetched six at a time. Instead:
 * - `vendor`: React, React DOM, the router, TanStack Query and i18next, which every page runs first;
 * - `pdfjs`: pdf.js (the editor and the previewers load it on demand; its worker is a file of its own);
 * - common chunks under INLINE_BELOW bytes (of source) are not files: each page's chunk carries a copy, and
 *   Rolldown's runtime keeps one instance of each module whichever copy runs first. No page loads code it
 *   could not reach before (the login page loads what it did); pages share fewer, larger files instead.
 * Style modules stay out of the inlining, as Vite's own build does (their CSS is emitted per chunk).
 */
const INLINE_BELOW = 60_000;
const codeSplitting = {
  groups: [
    {
      name: 'vendor',
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
      priority: 20,
    },
    { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 20 },
  ],
  experimentalInlineCommonChunks: { maxSize: INLINE_BELOW, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
};

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
    rolldownOptions: { output: { codeSplitting } },
  },
});
