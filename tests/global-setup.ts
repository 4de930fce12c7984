import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCognito } from '../functions/local/cognito';
import { newAccessKeyId, startDynamo } from '../functions/local/dynamo';
import { createSesStandIn } from '../functions/local/ses';
import { createS3StandIn } from '../functions/local/s3';
import http from 'node:http';
import { freePort } from '../functions/local/processes';
import { stackFile, type TestStack } from './stack-file';

/**
 * One DynamoDB Local (in memory) and one Cognito stand-in for the whole test run, on free loopback ports. As under
 * npm start, DynamoDB Local's database and the S3 and SES stand-ins open only to keys chosen here at random (tests/env.ts
 * hands them to every test file; docs/decisions/0060), and the Cognito stand-in signs with a key made in its data
 * folder (tests/jwt.ts reads it; docs/decisions/0089).
 */
export default async function globalSetup(): Promise<void> {
  const keys = {
    dynamoAccessKeyId: newAccessKeyId(),
    standInAccessKeyId: newAccessKeyId(),
    standInSecretAccessKey: randomBytes(32).toString('base64url'),
  };
  const cognitoDataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-cognito-'));
  const [dynamo, cognito] = await Promise.all([
    freePort().then((port) => startDynamo({ port, accessKeyId: keys.dynamoAccessKeyId })),
    freePort().then((port) => startCognito({ port, dataDir: cognitoDataDir })),
  ]);
  // The SES stand-in, served on its own loopback port; tests read what was "sent" from its outbox.
  // The S3 stand-in beside it: objects under a temporary folder.
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-'));
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const ses = createSesStandIn(outboxDir, {
    credentials: { [keys.standInAccessKeyId]: keys.standInSecretAccessKey },
  });
  const s3 = createS3StandIn(storageDir, { credentials: { [keys.standInAccessKeyId]: keys.standInSecretAccessKey } });
  const sesServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void (req.url?.startsWith('/s3/') ? s3 : ses)(req, res, Buffer.concat(chunks)));
  });
  const sesPort = await freePort();
  await new Promise<void>((resolve) => sesServer.listen(sesPort, '127.0.0.1', resolve));
  (globalThis as Record<string, unknown>).__shopStandIns = [
    dynamo,
    cognito,
    { stop: () => new Promise<void>((resolve) => sesServer.close(() => resolve())) },
  ];
  const stack: TestStack = {
    dynamoEndpoint: dynamo.endpoint,
    cognitoEndpoint: cognito.endpoint,
    cognitoDataDir,
    issuer: cognito.issuer,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
    sesEndpoint: `http://127.0.0.1:${sesPort}/ses`,
    s3Endpoint: `http://127.0.0.1:${sesPort}/s3`,
    storageDir,
    outboxDir,
    ...keys,
  };
  writeFileSync(stackFile(), JSON.stringify(stack));
}
