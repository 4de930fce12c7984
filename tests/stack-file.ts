import os from 'node:os';
import path from 'node:path';

/** Where the test run's global setup writes the endpoints of the stand-ins it started (one file per run). */
export function stackFile(): string {
  process.env.SHOP_TEST_RUN_ID ??= String(process.pid);
  return path.join(os.tmpdir(), `shop-test-stack-${process.env.SHOP_TEST_RUN_ID}.json`);
}

export interface TestStack {
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  /** The Cognito stand-in's data folder (its user records: functions/local/cognito.ts confirmationCodeIn). */
  cognitoDataDir: string;
  issuer: string;
  userPoolId: string;
  clientId: string;
  sesEndpoint: string;
  outboxDir: string;
  s3Endpoint: string;
  storageDir: string;
  /** The key of the run's DynamoDB Local database, and of its S3 stand-in (random per run). */
  dynamoAccessKeyId: string;
  standInAccessKeyId: string;
  standInSecretAccessKey: string;
}
