import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Secrets Manager stand-in for tests: GetSecretValue over the service's JSON 1.1 protocol
 * (X-Amz-Target: secretsmanager.GetSecretValue), with the documented answer and error shapes, for the version
 * stages AWSCURRENT (the default) and AWSPREVIOUS.
 */
export interface SecretsStandIn {
  endpoint: string;
  /** The AWSCURRENT value of each secret. */
  secrets: Map<string, string>;
  /** The AWSPREVIOUS value of each secret that has one. */
  previous: Map<string, string>;
  /** As put-secret-value does: the new value becomes AWSCURRENT, the current one AWSPREVIOUS. */
  rotate(secretId: string, value: string): void;
  /** GetSecretValue calls received, by SecretId. */
  reads: string[];
  stop(): Promise<void>;
}

export async function startSecretsStandIn(): Promise<SecretsStandIn> {
  const secrets = new Map<string, string>();
  const previous = new Map<string, string>();
  const reads: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
        return answer(400, { __type: 'UnknownOperationException', message: 'Only GetSecretValue is stood in' });
      }
      const { SecretId, VersionStage = 'AWSCURRENT' } = JSON.parse(body || '{}') as {
        SecretId?: string;
        VersionStage?: string;
      };
      reads.push(String(SecretId));
      if (!SecretId || !secrets.has(SecretId))
        return answer(400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
      const value =
        VersionStage === 'AWSCURRENT'
          ? secrets.get(SecretId)
          : VersionStage === 'AWSPREVIOUS'
            ? previous.get(SecretId)
            : undefined;
      if (value === undefined) {
        return answer(400, {
          __type: 'ResourceNotFoundException',
          message: `Secrets Manager can't find the specified secret value for staging label: ${VersionStage}`,
        });
      }
      answer(200, {
        ARN: SecretId,
        Name: SecretId,
        SecretString: value,
        VersionId: VersionStage === 'AWSCURRENT' ? 'v-current' : 'v-previous',
        VersionStages: [VersionStage],
        CreatedDate: Date.now() / 1000,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    secrets,
    previous,
    rotate: (secretId, value) => {
      const old = secrets.get(secretId);
      if (old !== undefined) previous.set(secretId, old);
      secrets.set(secretId, value);
    },
    reads,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
