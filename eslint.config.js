// Lint for the whole monorepo: typescript-eslint's recommended rules, React hooks rules for the web app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Issue 14 §3: Drizzle and the *.table modules stay inside repositories (and the schema, migrations,
    // seed and tests); services reach data through their own repository and other modules' services or
    // repository functions. No file is exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.table.ts', 'apps/server/src/db/**', 'apps/server/src/modules/seed/**', '**/*.test.ts', 'apps/server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries live in *.repository.ts files (issue 14 §3): call a repository function.' },
            { group: ['**/*.table.js'], message: 'Tables are read in *.repository.ts files only (issue 14 §3): call a repository or service function.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
