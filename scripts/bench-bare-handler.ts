import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/** The bench's baseline: a handler that creates a DynamoDB document client at its start and makes one GetItem. */
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => {
  const { Item } = await client.send(new GetCommand({ TableName: 'bench', Key: { pk: 'bench', sk: 'bench' } }));
  return { statusCode: 200, body: String(Boolean(Item)) };
};
