import type http from 'node:http';

/** A request a web page sent: browsers put an `Origin` on every cross-origin request and every POST; the SDK never. */
export const sentByAWebPage = (req: http.IncomingMessage) => req.headers.origin !== undefined;

/**
 * A request another site's page sent: an `Origin` other than the address it was sent to (the shop's own pages may
 * read).
 */
export const sentByAnotherSite = (req: http.IncomingMessage) =>
  sentByAWebPage(req) && req.headers.origin !== `http://${req.headers.host ?? ''}`;

/**
 * What a stand-in that checks no credentials (the Cognito stand-in answers ListUsers and AdminAddUserToGroup to
 * anyone) takes on its own port: requests from this machine's programs only. Two kinds of request come from a web
 * page in the developer's browser instead, and are refused (403, no CORS headers, so the page reads nothing):
 * - one with an `Origin` header: a page's cross-origin fetch (and its preflight). The shop's own browser calls go
 *   through the gateway's /cognito door, which forwards no Origin; the SDK and the functions send none.
 * - one whose `Host` is not `127.0.0.1:<port>` or `localhost:<port>`: a page on a name re-pointed at 127.0.0.1 (DNS
 *   rebinding), which the browser takes for its own origin.
 * docs/decisions/0085.
 */
export function refusedOffLoopback(req: http.IncomingMessage, res: http.ServerResponse, port: number): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  const why = sentByAWebPage(req)
    ? 'a request from a web page (it carries an Origin)'
    : host !== `127.0.0.1:${port}` && host !== `localhost:${port}`
      ? `a request for another name (Host: ${host.slice(0, 100) || 'none'})`
      : null;
  if (!why) return false;
  res.writeHead(403, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'AccessDeniedException:' });
  res.end(
    JSON.stringify({
      __type: 'AccessDeniedException',
      message: `This stand-in answers this machine's programs only, not ${why}. The shop's pages use its /cognito door.`,
    }),
  );
  return true;
}
