// Plain JavaScript, so that Jest needs no TypeScript runner of its own to read it (with a jest.config.ts it asks
// for ts-node; the project's one runner is tsx, and Jest compiles the tests with SWC).

// The AWS SDK warns on every test process that its 2027 releases need Node 22 (README: Node 20.19+ runs the shop
// today; Lambdas run Node 24). Said once here instead of hundreds of times in the test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * TypeScript and JSX through SWC; ESM-only dependencies (Middy) are transformed too. @type
 * {import('jest').Config['transform']}
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!(@middy)/)'];
const common = {
  transform,
  transformIgnorePatterns,
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/.data/'],
};

/** @type {import('jest').Config} */
const config = {
  projects: [
    { ...common, displayName: 'shared', testEnvironment: 'node', testMatch: ['<rootDir>/shared/**/*.test.ts'] },
    { ...common, displayName: 'scripts', testEnvironment: 'node', testMatch: ['<rootDir>/scripts/**/*.test.ts'] },
    {
      ...common,
      displayName: 'functions',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/functions/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/global-setup.ts',
      globalTeardown: '<rootDir>/tests/global-teardown.ts',
      setupFiles: ['<rootDir>/tests/env.ts'],
    },
    {
      ...common,
      displayName: 'infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/infra/test/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/infra/test/setup.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/web/src/test-setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/web/src/test-style-stub.ts' },
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/setup.ts'],
    },
  ],
};

export default config;
