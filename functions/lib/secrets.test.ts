import http from 'node:http';
import type { AddressInfo } from 'node:net';
import '#tests/one-realm';
import { READ_RULES, readSecretStage } from './secrets';

/**
 * GetSecretValue through the Secrets Manager client against a real local server: the request the service takes, and
 * the client's retries (3 attempts when throttled, failing or unreachable; a refusal at once). The values and their
 * caching: origin.test.ts, signed-tokens.test.ts, stripe-secret.test.ts.
 */
type Answer = (res: http.ServerResponse) => void;
let server: http.Server;
let received: { target: string; type: string; body: unknown; signed: boolean }[];
let answers: Answer[];
const saved = process.env.SECRETS_MANAGER_ENDPOINT;
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:Origin-abc';

const json =
  (status: number, body: unknown): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(body));
  };
const value = json(200, { ARN, Name: 'Origin', SecretString: 's3cret', VersionStages: ['AWSPREVIOUS'] });
const throttled = json(400, { __type: 'ThrottlingException', message: 'Rate exceeded' });
const failing = json(500, { __type: 'InternalServiceError', message: 'Oops' });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        target: String(req.headers['x-amz-target']),
        type: String(req.headers['content-type']),
        body: JSON.parse(body),
        signed: /\/secretsmanager\/aws4_request, SignedHeaders=[^,]*x-amz-target/.test(req.headers.authorization ?? ''),
      });
      const answer = answers.shift();
      if (answer) answer(res);
      else req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SECRETS_MANAGER_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  received = [];
  answers = [];
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      process.env.SECRETS_MANAGER_ENDPOINT = saved;
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

it('asks GetSecretValue over JSON 1.1, signed, with the version stage', async () => {
  answers = [value];
  expect(await readSecretStage(ARN, 'AWSPREVIOUS')).toBe('s3cret');
  expect(received).toEqual([
    {
      target: 'secretsmanager.GetSecretValue',
      type: 'application/x-amz-json-1.1',
      body: { SecretId: ARN, VersionStage: 'AWSPREVIOUS' },
      signed: true,
    },
  ]);
});

it('throttled, failing or cut off: tried again, 3 attempts in all', async () => {
  answers = [throttled, failing, value];
  expect(await readSecretStage(ARN, 'AWSCURRENT')).toBe('s3cret');
  expect(received).toHaveLength(READ_RULES.attempts);

  received = [];
  answers = [failing, failing, failing];
  await expect(readSecretStage(ARN, 'AWSCURRENT')).rejects.toMatchObject({
    name: 'InternalServiceError',
    $metadata: { httpStatusCode: 500 },
  });
  expect(received).toHaveLength(3);
  // No answer at all (the connection cut) counts as a failed attempt too.
  received = [];
  answers = [];
  await expect(readSecretStage(ARN, 'AWSCURRENT')).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(received).toHaveLength(3);
});

it('a refusal is not tried again; no such stage reads as none for AWSPREVIOUS only', async () => {
  const noStage = json(400, {
    __type: 'ResourceNotFoundException',
    message: "Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS",
  });
  answers = [noStage];
  expect(await readSecretStage(ARN, 'AWSPREVIOUS')).toBeNull();
  answers = [noStage];
  await expect(readSecretStage(ARN, 'AWSCURRENT')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  answers = [json(400, { __type: 'AccessDeniedException', message: 'Not allowed' })];
  await expect(readSecretStage(ARN, 'AWSPREVIOUS')).rejects.toMatchObject({ name: 'AccessDeniedException' });
  expect(received).toHaveLength(3);
});
