import path from 'node:path';
import { startChild, waitForPort, type Child } from './processes';

/**
 * Stoplight Prism's validation proxy (`prism proxy --errors`, the devDependency @stoplight/prism-cli, pinned): it
 * forwards every request to the shop and checks the request and the answer against the shop's own OpenAPI document
 * (docs/decisions/0069). A request the document refuses is answered by Prism itself (422, or 401 without a token);
 * an answer the document does not describe comes back with an `sl-violations` header listing what is wrong.
 */
export const PRISM_VIOLATIONS_HEADER = 'sl-violations';

export interface Prism extends Child {
  url: string;
}

/** Starts the proxy on 127.0.0.1:`port` in front of `upstream`, with the document at `document` (a file or URL). */
export async function startPrism(options: {
  document: string;
  upstream: string;
  port: number;
  echo?: boolean;
}): Promise<Prism> {
  const cli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const child = startChild(
    'prism',
    process.execPath,
    [
      cli,
      'proxy',
      options.document,
      options.upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
    ],
    {
      echo: options.echo,
      // Prism's telemetry (Scarf) stays off; its install script is not allowed either (package.json allowScripts).
      env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' },
    },
  );
  try {
    await waitForPort(options.port, child, 60_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { ...child, url: `http://127.0.0.1:${options.port}` };
}
