import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readEnv } from '../lib/env';

const clients = new Map<string, DynamoDBDocumentClient>();

/** One DynamoDB document client per endpoint, created on first use and reused across invocations. */
export function documentClient(): DynamoDBDocumentClient {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = readEnv();
  const key = `${AWS_REGION}|${DYNAMODB_ENDPOINT ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: AWS_REGION,
        ...(DYNAMODB_ENDPOINT
          ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
          : {}),
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    clients.set(key, client);
  }
  return client;
}

export function tableName(): string {
  return readEnv().TABLE_NAME;
}
