import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientFor } from '../lib/aws-client';
import { readEnv } from '../lib/env';

/** The DynamoDB document client: DynamoDB Local in tests and `npm start`, DynamoDB in AWS. */
export const documentClient = /* @__PURE__ */ clientFor(
  (env) => env.DYNAMODB_ENDPOINT,
  (base) => DynamoDBDocumentClient.from(new DynamoDBClient(base), { marshallOptions: { removeUndefinedValues: true } }),
  'dynamodb',
);

export function tableName(): string {
  return readEnv().TABLE_NAME;
}
