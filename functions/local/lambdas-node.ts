import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Lambdas' Node locally (docs/decisions/0101): `npm install` brings the Node the functions run on in AWS as the
 * optional dependency `node` (a Node build from the npm registry), whose bin npm scripts find first on PATH. Where it
 * did not install, or where a tool is started with the machine's `node`, the shop runs on that (20.19 or newer).
 */

/** The Node major package.json asks `npm install` for: the Lambdas' (infra/test/local-node.test.ts holds them equal). */
export function lambdasNodeMajor(root: string): number {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  const spec = pkg.optionalDependencies?.node ?? '';
  const match = /^\^(\d+)\.\d+\.\d+$/.exec(spec);
  if (!match) throw new Error(`package.json's optionalDependencies.node should be ^MAJOR.MINOR.PATCH (got "${spec}")`);
  return Number(match[1]);
}

/** What `npm start` says about the Node it runs on: the Lambdas' or not, and then what to do about it. */
export function nodeNotice(version: string, lambdasMajor: number): { line: string; warning?: string } {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major === lambdasMajor) return { line: `${version}, as the Lambdas in AWS` };
  return {
    line: `${version} (the Lambdas in AWS run Node ${lambdasMajor})`,
    warning:
      `Node ${version} runs the shop here, while the Lambdas in AWS run Node ${lambdasMajor}. \`npm install\` brings ` +
      `Node ${lambdasMajor} (the package \`node\`) where the registry has a build for this machine, and npm scripts ` +
      `use it: run \`npm install\` again if node_modules/.bin/node is missing and start the shop with \`npm start\`; ` +
      `where there is no build (macOS today), install Node ${lambdasMajor} yourself. Everything also runs on Node ` +
      `20.19 or newer (docs/running-locally.md#which-node).`,
  };
}
