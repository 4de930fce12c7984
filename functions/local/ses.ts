import type http from 'node:http';

/**
 * The SES v2 stand-in, mounted by the gateway under /ses: functions send mail with the real
 * @aws-sdk/client-sesv2 pointed at `${origin}/ses`; each mail is written to `<outboxDir>` as an .eml file.
 * (Filled in by the forms work; until then it answers 501.)
 */
export function createSesStandIn(_outboxDir: string) {
  return async (_req: http.IncomingMessage, res: http.ServerResponse, _body: Buffer): Promise<void> => {
    res.writeHead(501, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'SES stand-in not implemented yet' }));
  };
}
