// The layers of the code, kept by dependency-cruiser (`npm run lint:deps`, part of `npm run lint` and so of CI).
// Each part of the repository has its own section of rules below; `npm run deps:graph` draws the graph (README).
// Decision: docs/decisions/0153-money-has-a-room-and-the-rooms-keep-their-doors.md.
const { existsSync } = require('node:fs');

/** A test may import across layers (a handler's test reads the table); the rules are about the shipped code. */
const NOT_A_TEST = '\\.test\\.tsx?$';

// ---- functions/: the server ---------------------------------------------------------------------------------------
//
// Folders are layers, imports point down only:
//   entry points: http/ (one handler per route), jobs/, events/, triggers/, local/ (the local stack)
//     -> domain/<room>/ (the rooms, in the order below)
//       -> domain/money/ (payments, tax, pricing, the shares, the ledger)
//         -> db/ (the table layer) -> lib/ (the middy chain, env, logging, clients)
// and shared/ (rules both sides use) is below all of it.

/**
 * The domain's rooms from the top down: a room may import the rooms after it, never one before it (an import "up").
 * A new room takes its place in this list; moving a room is a decision (docs/decisions/0153).
 */
const FUNCTIONS_ROOMS = [
  'admin',
  'accounts',
  'pages',
  'funnel',
  'cart',
  'forms',
  'quotes',
  'checkout',
  'orders',
  'reminders',
  'promo',
  'gift-cards',
  'stock-alerts',
  'feeds',
  'catalog-sheet',
  'images',
  'catalog',
  'stock',
  'mail',
  'guessing',
  'money',
];

const FUNCTIONS_ENTRY_POINTS = '^functions/(http|jobs|events|triggers|local)/';

const functionsRules = [
  {
    name: 'functions-no-cycles',
    comment: 'A module of functions/ never reaches itself again through its imports, type-only imports included.',
    severity: 'error',
    from: { path: '^functions/', pathNot: NOT_A_TEST },
    to: { circular: true },
  },
  {
    name: 'functions-no-folder-cycles',
    comment: 'Two folders of functions/ never import each other, however many folders lie between them.',
    severity: 'error',
    scope: 'folder',
    from: { path: '^functions/' },
    to: { path: '^functions/', circular: true },
  },
  {
    name: 'functions-domain-not-up',
    comment: 'The domain is called by the entry points (handlers, jobs, triggers, the local stack), never calls them.',
    severity: 'error',
    from: { path: '^functions/domain/', pathNot: NOT_A_TEST },
    to: { path: FUNCTIONS_ENTRY_POINTS },
  },
  {
    name: 'functions-db-not-up',
    comment: 'The table layer knows records, not rooms: db/ imports only lib/ and shared/.',
    severity: 'error',
    from: { path: '^functions/db/', pathNot: NOT_A_TEST },
    to: { path: '^functions/', pathNot: '^functions/(db|lib)/' },
  },
  {
    name: 'functions-lib-at-the-bottom',
    comment: 'lib/ (the middy chain, env, logging, the clients) imports nothing else of functions/.',
    severity: 'error',
    from: { path: '^functions/lib/', pathNot: NOT_A_TEST },
    to: { path: '^functions/', pathNot: '^functions/lib/' },
  },
  {
    name: 'functions-money-calls-no-room',
    comment:
      'The money room (payments, tax, pricing, shares, the ledger) is called by checkout, orders, refunds, gift ' +
      'cards, promo and quotes, and calls none of them: it imports only db/, lib/ and shared/.',
    severity: 'error',
    from: { path: '^functions/domain/money/', pathNot: NOT_A_TEST },
    to: { path: '^functions/', pathNot: '^functions/(domain/money|db|lib)/' },
  },
  {
    name: 'functions-room-listed',
    comment:
      'Every room of functions/domain has its place in FUNCTIONS_ROOMS (a room left out would be kept by no rule).',
    severity: 'error',
    from: { path: `^functions/domain/(?!(${FUNCTIONS_ROOMS.join('|')})/)[^/]+/`, pathNot: NOT_A_TEST },
    to: {},
  },
  // One rule per room: no import of a room above it in FUNCTIONS_ROOMS.
  ...FUNCTIONS_ROOMS.slice(1).map((room, index) => ({
    name: `functions-${room}-not-up`,
    comment: `The ${room} room imports only the rooms below it (functions/domain, FUNCTIONS_ROOMS).`,
    severity: 'error',
    from: { path: `^functions/domain/${room}/`, pathNot: NOT_A_TEST },
    to: { path: `^functions/domain/(${FUNCTIONS_ROOMS.slice(0, index + 1).join('|')})/` },
  })),
  {
    name: 'shared-imports-no-side',
    comment: 'shared/ is what both sides use: it imports neither functions/ nor web/.',
    severity: 'error',
    from: { path: '^shared/', pathNot: NOT_A_TEST },
    to: { path: '^(functions|web|infra)/' },
  },
];

// ---- web/: the SPA (its rules: shared -> lib -> components -> features -> app) --------------------------------------
// Written beside the code they keep: web/dependency-rules.cjs, described in web/dependency-rules.md (decision 0157).

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const webRules = require('./web/dependency-rules.cjs').forbidden;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...functionsRules, ...webRules],
  options: {
    // Type-only imports count: a cycle of types is a cycle (the two files cannot be understood apart).
    tsPreCompilationDeps: true,
    // The one tsconfig.json (its paths and package.json's "imports": #shared/..., #tests/...); a test's fixture
    // folder may have none.
    ...(existsSync('tsconfig.json') ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
    doNotFollow: { path: 'node_modules' },
    // Tests are left out of the graph: a handler's test may read the table or another room (the rules are about the
    // shipped code), and a folder's cycle counted through its tests would be no cycle of the app.
    exclude: { path: ['(^|/)(node_modules|cdk\\.out|dist|\\.data)/', NOT_A_TEST] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      dot: { collapsePattern: '^functions/(domain|http)/[^/]+|^functions/[^/]+|^shared|^web/src/[^/]+' },
      archi: { collapsePattern: '^functions/(domain|http)/[^/]+|^functions/[^/]+|^shared|^web/src/[^/]+' },
    },
  },
};
