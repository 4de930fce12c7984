// ESLint for the whole repository (functions, shared, infra, web, e2e, scripts, tests): `npm run lint`.
// Type-aware typescript-eslint rules through the project service (the one tsconfig.json), React hooks and
// jsx-a11y on the SPA; Prettier owns the layout (eslint-config-prettier last). Decision: docs/decisions/0046.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Shared code is imported by name, not by climbing (decision 0083): `#shared/money`, `#tests/helpers` (package.json
 * "imports"), so a file can move without its imports breaking. A climb of one folder (`../shared/...` from a
 * top-level folder, a neighbour inside shared/) stays relative.
 */
const NAMED_IMPORTS = {
  regex: '^(\\.\\./){2,}(shared|tests)(/|$)',
  message: 'Import shared code by name: #shared/... or #tests/... (package.json "imports", decision 0083).',
};

export default defineConfig(
  globalIgnores(['node_modules/', 'cdk.out/', 'web/dist/', '.data/', 'coverage/', 'test-results/', '.cognito/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // These files are outside tsconfig.json; they are checked on their own.
          allowDefaultProject: ['eslint.config.mjs', '.dependency-cruiser.cjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-restricted-imports': ['error', { patterns: [NAMED_IMPORTS] }],
      // A leading underscore marks a name kept on purpose: a parameter an interface requires, or a field taken out
      // of an object with rest (`const { cell: _cell, ...line } = ...`), the house habit.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off (0046): every `async` without an `await` here fulfils a contract that wants a promise (Lambda and
      // Cognito trigger handlers, middy middlewares, the payment provider interface, fetch and token stand-ins) and
      // turns a throw into a rejection; dropping `async` to please the rule would change what a throw does.
      // no-floating-promises and no-misused-promises, which find real promise bugs, stay on.
      '@typescript-eslint/require-await': 'off',
      // Lines a reviewer reads in a diff (style.md): Prettier wraps code at 120; this holds comments to the same width.
      // Strings, templates and URLs may run longer (a message is searched for whole).
      'max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignorePattern: 'eslint-disable',
        },
      ],
    },
  },

  // Node code: Lambda functions, the local stand-ins, CDK, scripts, tests.
  {
    files: [
      'functions/**',
      'shared/**',
      'infra/**',
      'scripts/**',
      'tests/**',
      'e2e/**',
      '*.ts',
      '*.mjs',
      'web/vite.config.mts',
    ],
    languageOptions: { globals: globals.node },
  },

  // One way to the table (decision 0070): the domain, handlers, jobs and triggers read and write DynamoDB only through
  // functions/db (record models, transactions), and so does the local seed. DynamoDB Local's own start (its readiness
  // check), scripts and tests keep their own client.
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/db/**', 'functions/local/dynamo.ts', 'functions/local/stack.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'].map((name) => ({
            name,
            message:
              'Use the table through functions/db: the record models (functions/db/entities) and functions/db/transaction.ts (decision 0070).',
          })),
          // This block's rule replaces the one above for these files: keep the named imports too.
          patterns: [NAMED_IMPORTS],
        },
      ],
    },
  },

  // The dependency rules (decision 0153) are dependency-cruiser's CommonJS config.
  {
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The SPA.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },

  // No page over 250 lines (decision 0099): a page (a route's component, its loader and action) lays out parts kept
  // in files beside it (a form, a table, a row, a hook). Every line counts, comments and blank ones too: the measure
  // is the file a reviewer opens. The checkout's steps are pages too.
  {
    files: ['web/src/features/**/*Page.tsx', 'web/src/features/**/*Step.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },

  // Tests read what the code under test answers: JSON bodies (`JSON.parse`, `response.json()`), synthesised
  // CloudFormation templates (`Template.toJSON()`), mail files. Those are `any` by nature, and the test's
  // `expect(...)` is the check of their shape; a type cast per read would assert nothing more and would touch
  // about 1,000 lines. So the no-unsafe-* family is off in tests only (0046); code that ships keeps it.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'web/src/testing/**', 'web/src/test-setup.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // The config files (this one, prettier.config.mjs) are plain JavaScript outside tsconfig.json: linted without
  // type information, since type-aware rules need a TypeScript program and their plugin imports ship no types (0046).
  {
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // The CloudFront routing function (infra/lib/spa-routing-function.js): plain JavaScript for CloudFront's runtime 2.0,
  // outside tsconfig.json. CloudFront calls its `handler`; the three constants are filled in at synth
  // (infra/lib/spa-routing.ts).
  {
    files: ['infra/lib/spa-routing-function.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      sourceType: 'module',
      globals: {
        SPA_ROUTE_PATTERN: 'readonly',
        API_ORIGIN_ID: 'readonly',
        NOT_FOUND_PATH: 'readonly',
        APPLE_PAY_DOMAIN_FILE: 'readonly',
        FIRST_SCREEN_FILES: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^handler$' }] },
  },

  // The web's layer rules (web/dependency-rules.cjs, decision 0157): CommonJS that the root .dependency-cruiser.cjs
  // requires, outside tsconfig.json, so linted without type information.
  {
    files: ['web/dependency-rules.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },

  prettier,
);
