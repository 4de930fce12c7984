import type http from 'node:http';

/**
 * The S3 stand-in, mounted by the gateway under /s3 (path-style: /s3/<bucket>/<key>): functions use the real
 * @aws-sdk/client-s3 pointed at `${origin}/s3`, browsers upload to presigned URLs on the same origin.
 * Objects are files under `<storageDir>/<bucket>/<key>`. (Filled in by the admin work; until then 501.)
 */
export function createS3StandIn(_storageDir: string) {
  return async (_req: http.IncomingMessage, res: http.ServerResponse, _body: Buffer): Promise<void> => {
    res.writeHead(501, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'S3 stand-in not implemented yet' }));
  };
}
