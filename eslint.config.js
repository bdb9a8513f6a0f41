// Lint runs inside `npm test`; type-aware rules catch floating promises, which matter in
// a service where a forgotten await silently loses an answer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.askflow/**', 'coverage/**', 'console/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', 'console/**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The console runs in the browser, not in Node.
    files: ['console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Workflow code is replayed by Temporal: it must not reach for Node or wall-clock APIs.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['node:*', 'pg', 'openai', '**/activities/**', '**/store/**', '**/providers/**', '**/knowledge/**'], message: 'Workflows stay deterministic: they import the shared interface (interface/) and the contract only.' },
      ] }],
    },
  },
);
