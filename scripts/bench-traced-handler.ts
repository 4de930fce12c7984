import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from '../functions/lib/tracing';

/** The bench's baseline with X-Ray SDK call traces on: the bare handler's client, traced (decision 0033). */
const client = DynamoDBDocumentClient.from(traced(new DynamoDBClient({})));
export const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });
