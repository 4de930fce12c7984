import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { lambdasNodeMajor, nodeNotice } from '../../functions/local/lambdas-node';
import { SHOP_RUNTIME } from '../lib/shop-function';

/**
 * The Node that `npm install` brings for `npm start`, the tests and the tools (the `node` package, decision 0101) is
 * the Lambdas' Node: moving SHOP_RUNTIME to a newer Node without moving the local one (or the other way) fails here,
 * and so does a test run under npm on any other Node (CI's included, should the package fail to install there).
 */
const ROOT = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const majorOf = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

const lambdaMajor = () => {
  const match = /^nodejs(\d+)\.x$/.exec(SHOP_RUNTIME.name);
  if (!match) throw new Error(`SHOP_RUNTIME is not a Node.js runtime: ${SHOP_RUNTIME.name}`);
  return Number(match[1]);
};

test("package.json asks for the Lambdas' Node, and the lockfile holds a build of it", () => {
  const pkg = readJson('package.json');
  expect(lambdasNodeMajor(ROOT)).toBe(lambdaMajor());

  const locked: string = readJson('package-lock.json').packages['node_modules/node'].version;
  expect(majorOf(locked)).toBe(lambdaMajor());
  // Its install script fetches the platform build; npm runs it without a notice only when allowScripts names it.
  expect(pkg.allowScripts.node).toBe(true);
  // What else runs the shop is said as plainly: the machine's Node from 20.19 (README, docs/running-locally.md).
  expect(pkg.engines.node).toBe('>=20.19');
});

// Started by npm (`npm test`, `npm run test:infra`, `npx jest`), Jest and its workers run on the first `node` on npm's
// PATH: node_modules/.bin/node, where the package installed. Started by the machine's `node` directly (`node
// node_modules/.bin/jest`), they run on that, which this test then has nothing to say about.
const underNpm = process.env.npm_lifecycle_event !== undefined;
(underNpm ? test : test.skip)("under npm, Jest itself runs on the Lambdas' Node, from node_modules where it is", () => {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'node');
  // Where the registry has no build for the platform (macOS today) npm skips the package and the machine's Node runs
  // (engines: 20.19 or newer; `npm start` says so at its start): nothing more to hold it to here.
  if (!existsSync(bin)) return expect(majorOf(process.version)).toBeGreaterThanOrEqual(20);
  expect(majorOf(process.version)).toBe(lambdaMajor());
  expect(realpathSync(process.execPath)).toBe(realpathSync(bin));
});

test("`npm start` names the Node it runs on, and says what to do when it is not the Lambdas'", () => {
  expect(nodeNotice('v24.21.0', 24)).toEqual({ line: 'v24.21.0, as the Lambdas in AWS' });
  const other = nodeNotice('v20.20.2', 24);
  expect(other.line).toBe('v20.20.2 (the Lambdas in AWS run Node 24)');
  expect(other.warning).toContain('Node v20.20.2 runs the shop here, while the Lambdas in AWS run Node 24.');
  expect(other.warning).toContain('run `npm install` again if node_modules/.bin/node is missing');
  expect(other.warning).toContain('install Node 24 yourself');
});
