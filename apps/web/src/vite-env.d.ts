/// <reference types="vite/client" />

/** Build id injected by vite.config.ts; compared with `GET /d/version` (spec §4). */
declare const __ATRIUM_VERSION__: string;
