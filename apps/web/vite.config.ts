import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Build id the app compares with `GET /d/version` (spec §4 version check). */
const buildId = process.env.ATRIUM_BUILD_ID ?? `${pkg.version}-${Date.now().toString(36)}`;

/** Writes `dist/version.json` = `{ "version": buildId }`, which the server answers at `/d/version`. */
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
  plugins: [react(), versionFile(buildId)],
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
