// The layers of the web app (web/src), kept by dependency-cruiser: the root .dependency-cruiser.cjs adds these rules
// to its own. Imports point one way, down:
//   main.tsx, boot.ts (the entry) -> app/ (routes, loaders, the shell)
//     -> features/<feature>/ (a page and what only it uses)
//       -> components/ (the parts every page may use) -> lib/ (the api client, hooks without a feature) -> shared/
// A feature reaches another feature only through that feature's public entry, features/<feature>/index.ts(x).
// What two features share otherwise moves down. Described in web/dependency-rules.md.
// Decision: docs/decisions/0157-web-imports-point-one-way.md.

/** A test may reach any file it tests from (the rules are about the shipped code). */
const NOT_A_TEST = '\\.test\\.tsx?$';

/** A feature's public entry: the one file of a feature another feature may import. */
const PUBLIC_ENTRY = '^web/src/features/[^/]+/index\\.tsx?$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'web-no-cycles',
    comment: 'A module of web/src never reaches itself again through its imports, type-only imports included.',
    severity: 'error',
    from: { path: '^web/', pathNot: NOT_A_TEST },
    to: { circular: true },
  },
  {
    name: 'web-no-feature-cycles',
    comment: 'Two features never import each other, however many features lie between them.',
    severity: 'error',
    scope: 'folder',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/features/', circular: true },
  },
  {
    name: 'web-one-way',
    comment:
      'web/src imports point down: main.tsx/boot.ts -> app/ -> features/ -> components/ -> lib/ -> shared/. ' +
      'Features, components and lib never import app/ (routes, loaders, the shell) or the entry.',
    severity: 'error',
    from: { path: '^web/src/(features|components|lib)/', pathNot: NOT_A_TEST },
    to: { path: '^web/src/(app/|(main|boot)\\.tsx?$)' },
  },
  {
    name: 'web-entry-at-the-top',
    comment: 'The entry (main.tsx, boot.ts) starts the app: app/ never imports it.',
    severity: 'error',
    from: { path: '^web/src/app/', pathNot: NOT_A_TEST },
    to: { path: '^web/src/(main|boot)\\.tsx?$' },
  },
  {
    name: 'web-components-no-features',
    comment: 'components/ are the parts every page may use: they import no feature (what they need moves down).',
    severity: 'error',
    from: { path: '^web/src/components/', pathNot: NOT_A_TEST },
    to: { path: '^web/src/features/' },
  },
  {
    name: 'web-lib-at-the-bottom',
    comment: 'lib/ (the api client, hooks without a feature) imports only lib/ and shared/.',
    severity: 'error',
    from: { path: '^web/src/lib/', pathNot: NOT_A_TEST },
    to: { path: '^web/src/(?!lib/)' },
  },
  {
    name: 'web-feature-internals',
    comment:
      "A feature does not import another feature's internals: it imports that feature's public entry " +
      '(features/<feature>/index.ts), or what both need moves down to components/, lib/ or shared/.',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/', pathNot: NOT_A_TEST },
    to: { path: '^web/src/features/', pathNot: ['^web/src/features/$1/', PUBLIC_ENTRY] },
  },
  {
    name: 'web-shared-only-side',
    comment: 'web/ imports no server code: only shared/ is common to both sides.',
    severity: 'error',
    from: { path: '^web/', pathNot: NOT_A_TEST },
    to: { path: '^(functions|infra)/' },
  },
];

module.exports = { forbidden };
