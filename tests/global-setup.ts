import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCognito } from '../functions/local/cognito';
import { startDynamo } from '../functions/local/dynamo';
import { freePort } from '../functions/local/processes';
import { stackFile, type TestStack } from './stack-file';

/** One DynamoDB Local (in memory) and one Cognito stand-in for the whole test run, on free loopback ports. */
export default async function globalSetup(): Promise<void> {
  const [dynamo, cognito] = await Promise.all([
    freePort().then((port) => startDynamo({ port })),
    freePort().then((port) => startCognito({ port, dataDir: mkdtempSync(path.join(os.tmpdir(), 'shop-cognito-')) })),
  ]);
  (globalThis as Record<string, unknown>).__shopStandIns = [dynamo, cognito];
  const stack: TestStack = {
    dynamoEndpoint: dynamo.endpoint,
    cognitoEndpoint: cognito.endpoint,
    issuer: cognito.issuer,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
  };
  writeFileSync(stackFile(), JSON.stringify(stack));
}
