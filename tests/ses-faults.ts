import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An SES endpoint that misbehaves, for the tests of mail that must not be lost (docs/decisions/0064). Point
 * SES_ENDPOINT at `url` while it should fail:
 * - `refuse`: SES answers with an error (400 MessageRejected, as the real SES v2 does): the mail was not taken;
 * - `drop`: the request arrives and the connection is cut before any answer: SES may have taken the mail.
 * `subjects` lists the subject of each request that reached it. Listens on 127.0.0.1 on a free port; `stop` closes it.
 */
export async function faultySes(mode: 'refuse' | 'drop') {
  const subjects: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        subjects.push(
          (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Content: { Simple: { Subject: { Data: string } } } })
            .Content.Simple.Subject.Data,
        );
      } catch {
        subjects.push('(not an SES request)');
      }
      if (mode === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
      res.end(JSON.stringify({ message: 'Email address is not verified.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ses`,
    subjects: () => [...subjects],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs `work` with SES_ENDPOINT pointed at `url`, then points it back. */
export async function withSesAt<T>(url: string, work: () => Promise<T>): Promise<T> {
  const working = process.env.SES_ENDPOINT;
  process.env.SES_ENDPOINT = url;
  try {
    return await work();
  } finally {
    process.env.SES_ENDPOINT = working;
  }
}
