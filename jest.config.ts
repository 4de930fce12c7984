/** @jest-config-loader esbuild-register */
// Read through esbuild-register (the docblock above; Jest's default TypeScript loader would be ts-node, which the
// project does not carry): decision 0096. Jest compiles the tests themselves with SWC.
import type { Config } from 'jest';

// The AWS SDK warns on every test process that its 2027 releases need Node 22 (README: Node 20.19+ runs the shop
// today; Lambdas run Node 24). Said once here instead of hundreds of times in the test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** TypeScript and JSX through SWC; ESM-only dependencies (Middy) are transformed too. */
const transform: Config['transform'] = {
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
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/.data/'],
};

/** The six projects: `npx jest --selectProjects <name>` runs one (docs/testing.md). */
const config: Config = {
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
