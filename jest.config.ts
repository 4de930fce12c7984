/** @jest-config-loader esbuild-register */
// Read through esbuild-register (the docblock above; Jest's default TypeScript loader would be ts-node, which the
// project does not carry): decision 0096. Jest compiles the tests themselves with SWC.
import type { Config } from 'jest';

// On Node 20 the AWS SDK warns in every test process that its 2027 releases need Node 22. npm runs the tests on the
// Lambdas' Node 24 (decision 0101), where it is silent; on the machine's Node 20.19+ (the fallback, README) it is said
// once here instead of hundreds of times in the test output.
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
/**
 * A test's time limit catches a hang, not slowness (decision 0095): Jest's 5 s default failed tests that a machine
 * busy with other work stretched past it (a web page's first render, an image encoded by sharp). Slowness is
 * measured by `npm run bench`, and a slow test is made faster at its cause (decision 0097). The browser tests set
 * their own (e2e/setup.ts).
 */
const HANG_LIMIT_MS = 30_000;

const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/.data/'],
};

/**
 * The tests under functions/ that need no DynamoDB Local, no stand-in and no gateway on a port: pure rules, run in
 * `unit`. Every other test under functions/ runs in `api`, where the global setup starts the stand-ins; a new test
 * file goes there unless it is listed here (decision 0097).
 */
const UNIT_FUNCTION_TESTS = [
  'functions/local/rate-limit.test.ts',
  'functions/local/stack-env.test.ts',
  'functions/lib/tracing.test.ts',
  'functions/triggers/custom-message.test.ts',
  'functions/lib/metrics.test.ts',
  'functions/lib/caller.test.ts',
  'functions/domain/money/plans.test.ts',
  'functions/domain/catalog-sheet/fetch-image.test.ts',
];

/**
 * Four kinds of test, each its own command (docs/testing.md): `unit` and `web` need no server, no browser and no
 * synth (`npm run test:unit`), `api` runs the handlers against DynamoDB Local and the stand-ins, `infra` synthesises
 * the CDK app, `e2e` drives Chromium against the whole local stack. `npm test` runs them all.
 */
type Project = Exclude<NonNullable<Config['projects']>[number], string> & { displayName: string };
const projects: Project[] = [
  {
    ...common,
    displayName: 'unit',
    testEnvironment: 'node',
    testMatch: [
      '<rootDir>/shared/**/*.test.ts',
      '<rootDir>/scripts/**/*.test.ts',
      ...UNIT_FUNCTION_TESTS.map((file) => `<rootDir>/${file}`),
    ],
    setupFiles: ['<rootDir>/tests/no-stack-env.ts'],
  },
  {
    ...common,
    displayName: 'web',
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['<rootDir>/tests/no-stack-env.ts', '<rootDir>/web/src/test-setup.ts'],
    moduleNameMapper: { '\\.css$': '<rootDir>/web/src/test-style-stub.ts' },
  },
  {
    ...common,
    displayName: 'api',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/functions/**/*.test.ts'],
    testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...UNIT_FUNCTION_TESTS.map((file) => `/${file}$`)],
    globalSetup: '<rootDir>/tests/global-setup.ts',
    globalTeardown: '<rootDir>/tests/global-teardown.ts',
    setupFiles: ['<rootDir>/tests/env.ts'],
  },
  {
    ...common,
    displayName: 'infra',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/infra/test/**/*.test.ts'],
    globalSetup: '<rootDir>/infra/test/global-setup.ts',
    globalTeardown: '<rootDir>/infra/test/global-teardown.ts',
    setupFiles: ['<rootDir>/tests/no-stack-env.ts'],
    setupFilesAfterEnv: ['<rootDir>/infra/test/setup.ts'],
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
];

/**
 * `npm run test:unit` and the others name their projects here (SHOP_TEST_PROJECTS=unit,web) rather than with
 * --selectProjects, after which Jest would take a path or a -t given to the script for more project names.
 */
const chosen = process.env.SHOP_TEST_PROJECTS?.split(',');
const config: Config = {
  testTimeout: HANG_LIMIT_MS,
  projects: chosen ? projects.filter((project) => chosen.includes(project.displayName)) : projects,
};

export default config;
