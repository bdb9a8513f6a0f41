// jest runs our ESM TypeScript through swc (no type-checking here: `tsc -b` does that).
/** @type {import('jest').Config} */
export default {
  // Node's, closing the local servers a test file left open when it ends (test/stack/environment.mjs).
  testEnvironment: '<rootDir>/test/stack/environment.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } }],
  },
  moduleNameMapper: {
    '^@askflow/contract$': '<rootDir>/contract/src/index.ts',
    '^@askflow/contract/browser$': '<rootDir>/contract/src/browser.ts',
    '^@askflow/contract/names$': '<rootDir>/contract/src/names.ts',
    '^@askflow/contract/signing$': '<rootDir>/contract/src/signing.ts',
    '^@askflow/client$': '<rootDir>/client/src/index.ts',
    '^@askflow/client/sse$': '<rootDir>/client/src/sseParser.ts',
    '^@askflow/client/signatures$': '<rootDir>/client/src/signatures.ts',
    '^@askflow/client/manage$': '<rootDir>/client/src/manage/index.ts',
    '^#crypto$': '<rootDir>/client/src/platform/cryptoNode.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/stack/globalSetup.mjs',
  globalTeardown: '<rootDir>/test/stack/globalTeardown.mjs',
  testTimeout: 60_000,
  maxWorkers: 2,
};
