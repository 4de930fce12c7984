import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { useFreshTable } from '#tests/helpers';
import { documentClient, tableName } from './client';
import { isConditionFailure, model, type Timestamps } from './table';
import { cancelReasons, transactWrite, transactWriteOrFailures } from './transaction';

/**
 * The operations the domain's conditional writes go through (decision 0070), against DynamoDB Local: what the table
 * holds after a write that passes, and that a write whose condition fails changes nothing.
 */
interface ShelfRecord extends Timestamps {
  id: string;
  status: 'listed' | 'drafted';
  stock: Record<string, number>;
  taken?: number;
  limit?: number;
  version: number;
  notes: { text: string; mail?: string }[];
}
const shelves = model<ShelfRecord, 'id', 'version' | 'notes'>({
  entity: 'shelf',
  pk: ['id'],
  indexes: { byStatus: { index: 'gsi2', pk: ['status'], sk: ['createdAt'] } },
  defaults: () => ({ version: 1, notes: [] }),
});

interface UseRecord extends Timestamps {
  code: string;
  customer: string;
  uses: number;
}
const uses = model<UseRecord, 'code' | 'customer'>({ entity: 'use', pk: ['code'], sk: ['customer'] });

const raw = async (key: Record<string, unknown>) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
const refused = async (write: Promise<unknown>) => {
  const error: unknown = await write.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(isConditionFailure(error)).toBe(true);
};

beforeAll(async () => {
  await useFreshTable();
});

describe('counts taken on a minimum', () => {
  it('takes units from counts inside a field only while each holds them; otherwise nothing changes', async () => {
    await shelves.create({ id: 's1', status: 'listed', stock: { M: 2, L: 1 } });
    const take = (units: Record<string, number>) =>
      shelves.update(
        { id: 's1' },
        { add: { ...Object.fromEntries(Object.entries(units).map(([size, n]) => [`stock.${size}`, -n])), version: 1 } },
        {
          when: {
            atLeast: Object.fromEntries(Object.entries(units).map(([size, n]) => [`stock.${size}`, n])),
            equals: { status: 'listed' },
          },
        },
      );
    await take({ M: 2, L: 1 });
    expect(await shelves.get({ id: 's1' })).toMatchObject({ stock: { M: 0, L: 0 }, version: 2 });
    await refused(take({ M: 1 }));
    await refused(take({ XL: 1 })); // a count the record never had holds nothing
    expect(await shelves.get({ id: 's1' })).toMatchObject({ stock: { M: 0, L: 0 }, version: 2 });
  });

  it('gives units back to a count that may be missing, only to a record whose counts field exists', async () => {
    await shelves.create({ id: 's2', status: 'listed', stock: { M: 1 } });
    await shelves.update({ id: 's2' }, { add: { 'stock.M': 2, 'stock.XL': 1 } }, { when: { present: ['stock'] } });
    expect((await shelves.get({ id: 's2' }))!.stock).toEqual({ M: 3, XL: 1 });
    // A deleted record is not written back into being.
    await refused(shelves.update({ id: 'gone' }, { add: { 'stock.M': 1 } }, { when: { present: ['stock'] } }));
    expect(await raw(shelves.key({ id: 'gone' }))).toBeUndefined();
  });
});

describe('limits', () => {
  it('below: a missing number counts as 0, so it passes a positive limit and fails one of 0', async () => {
    await shelves.create({ id: 'b1', status: 'listed', stock: {} });
    await refused(shelves.update({ id: 'b1' }, { add: { taken: 1 } }, { when: { below: { taken: 0 } } }));
    await shelves.update({ id: 'b1' }, { add: { taken: 1 } }, { when: { below: { taken: 2 } } });
    await shelves.update({ id: 'b1' }, { add: { taken: 1 } }, { when: { below: { taken: 2 } } });
    await refused(shelves.update({ id: 'b1' }, { add: { taken: 1 } }, { when: { below: { taken: 2 } } }));
    expect((await shelves.get({ id: 'b1' }))!.taken).toBe(2);
  });

  it('belowLimit: below the limit another field holds, no limit while that field is missing', async () => {
    await shelves.create({ id: 'l1', status: 'listed', stock: {}, taken: 0 });
    const once = () =>
      shelves.update({ id: 'l1' }, { add: { taken: 1 } }, { when: { belowLimit: { taken: 'limit' } } });
    await once();
    await once();
    await shelves.update({ id: 'l1' }, { set: { limit: 3 } });
    await once();
    await refused(once());
    expect((await shelves.get({ id: 'l1' }))!.taken).toBe(3);
  });

  it('notEquals passes on a missing field (a missing field has no value)', async () => {
    await shelves.create({ id: 'n1', status: 'listed', stock: {} });
    await shelves.update({ id: 'n1' }, { set: { limit: 1 } }, { when: { notEquals: { taken: 5 } } });
    await refused(shelves.update({ id: 'n1' }, { set: { limit: 2 } }, { when: { notEquals: { limit: 1 } } }));
    expect((await shelves.get({ id: 'n1' }))!.limit).toBe(1);
  });
});

describe('upsert, one list element, conditional delete', () => {
  it('upsert writes a missing record with its keys and kind, and keeps its createdAt after', async () => {
    await transactWrite([
      uses.transact.update(
        { code: 'SAVE', customer: 'email:a@example.com' },
        { add: { uses: 1 } },
        { upsert: true, when: { below: { uses: 5 } } },
      ),
    ]);
    const first = (await uses.get({ code: 'SAVE', customer: 'email:a@example.com' }))!;
    expect(first).toMatchObject({ code: 'SAVE', customer: 'email:a@example.com', uses: 1 });
    expect(await raw(uses.key({ code: 'SAVE', customer: 'email:a@example.com' }))).toMatchObject({
      entity: 'use',
      pk: 'use#SAVE',
      sk: 'use#email:a@example.com',
    });
    await transactWrite([
      uses.transact.update(
        { code: 'SAVE', customer: 'email:a@example.com' },
        { add: { uses: 1 } },
        { upsert: true, when: { below: { uses: 2 } } },
      ),
    ]);
    const second = (await uses.get({ code: 'SAVE', customer: 'email:a@example.com' }))!;
    expect(second).toMatchObject({ uses: 2, createdAt: first.createdAt });
    // At the limit: refused, nothing written.
    expect(
      await transactWriteOrFailures([
        uses.transact.update(
          { code: 'SAVE', customer: 'email:a@example.com' },
          { add: { uses: 1 } },
          { upsert: true, when: { below: { uses: 2 } } },
        ),
      ]),
    ).toEqual([0]);
    expect((await uses.get({ code: 'SAVE', customer: 'email:a@example.com' }))!.uses).toBe(2);
  });

  it('increment is a counter: a missing record starts from 0, and calls at once each get their own value', async () => {
    expect(await uses.increment({ code: 'COUNTER', customer: 'all' }, 'uses')).toBe(1);
    const values = await Promise.all(
      Array.from({ length: 20 }, () => uses.increment({ code: 'COUNTER', customer: 'all' }, 'uses')),
    );
    expect(new Set(values).size).toBe(20);
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(await raw(uses.key({ code: 'COUNTER', customer: 'all' }))).toMatchObject({ entity: 'use', uses: 21 });
  });

  it('setInList changes one element and keeps the ones appended after it', async () => {
    await shelves.create({ id: 'list', status: 'listed', stock: {}, notes: [{ text: 'a' }, { text: 'b' }] });
    await shelves.update({ id: 'list' }, { set: { notes: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] } });
    await shelves.update({ id: 'list' }, { setInList: { notes: { index: 1, set: { mail: 'sent' } } } });
    expect((await shelves.get({ id: 'list' }))!.notes).toEqual([
      { text: 'a' },
      { text: 'b', mail: 'sent' },
      { text: 'c' },
    ]);
  });

  it('delete with a condition: refused while it does not hold; a missing record passes what a missing field passes', async () => {
    await shelves.create({ id: 'd1', status: 'listed', stock: {}, taken: 1 });
    await refused(shelves.delete({ id: 'd1' }, { when: { below: { taken: 1 } } }));
    expect(await shelves.get({ id: 'd1' })).not.toBeNull();
    await shelves.update({ id: 'd1' }, { add: { taken: -1 } }, { when: { atLeast: { taken: 1 } } });
    await shelves.delete({ id: 'd1' }, { when: { below: { taken: 1 } } });
    expect(await shelves.get({ id: 'd1' })).toBeNull();
    await shelves.delete({ id: 'd1' }, { when: { below: { taken: 1 } } });
  });
});

describe('transactions', () => {
  it('a failed condition writes nothing and names the item; a cancelled transaction says why', async () => {
    await shelves.create({ id: 't1', status: 'listed', stock: { M: 1 } });
    await shelves.create({ id: 't2', status: 'drafted', stock: { M: 5 } });
    const take = (id: string) =>
      shelves.transact.update(
        { id },
        { add: { 'stock.M': -1 } },
        { when: { atLeast: { 'stock.M': 1 }, equals: { status: 'listed' } } },
      );
    expect(await transactWriteOrFailures([take('t1'), take('t2')])).toEqual([1]);
    expect((await shelves.get({ id: 't1' }))!.stock.M).toBe(1);
    const error: unknown = await transactWrite([
      take('t1'),
      shelves.transact.check({ id: 't2' }, { when: { equals: { status: 'listed' } } }),
    ]).catch((thrown: unknown) => thrown);
    expect(cancelReasons(error)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(isConditionFailure(error)).toBe(true);
    expect(cancelReasons(new Error('throttled'))).toBeNull();
    expect(await transactWriteOrFailures([take('t1')])).toEqual([]);
    expect((await shelves.get({ id: 't1' }))!.stock.M).toBe(0);
  });
});

describe('cursors', () => {
  it('isPosition accepts a position of the partition and refuses another partition, kind or shape', async () => {
    const record = await shelves.create({ id: 'c1', status: 'listed', stock: {} });
    const at = shelves.position(record, 'byStatus');
    expect(shelves.isPosition(at, 'byStatus', { status: 'listed' })).toBe(true);
    expect(shelves.isPosition(at, 'byStatus', { status: 'drafted' })).toBe(false);
    expect(shelves.isPosition({ ...at, pk: 'order#c1' }, 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition({ ...at, sk: 'shelf#x' }, 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition({ ...at, extra: 'x' }, 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition({ ...at, gsi2sk: 5 }, 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition({ ...at, gsi2sk: 'x'.repeat(301) }, 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition('x', 'byStatus', { status: 'listed' })).toBe(false);
    expect(shelves.isPosition(null, 'byStatus', { status: 'listed' })).toBe(false);
    // The page after it reads on from there.
    const later = await shelves.create({
      id: 'c2',
      status: 'listed',
      stock: {},
      createdAt: '2999-01-01T00:00:00.000Z',
    });
    const page = await shelves.queryPage('byStatus', { status: 'listed' }, { limit: 1 }, at);
    expect(page.records.map((r) => r.id)).toEqual([later.id]);
  });
});

describe('reading many', () => {
  it('reads many records, each once, and asks DynamoDB for a consistent read when told to', async () => {
    await shelves.create({ id: 'm1', status: 'listed', stock: {} });
    await shelves.create({ id: 'm2', status: 'drafted', stock: {} });
    const asked: unknown[] = [];
    const client = documentClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { RequestItems?: Record<string, { ConsistentRead?: boolean }> };
        if (input.RequestItems) asked.push(input.RequestItems[tableName()]?.ConsistentRead);
        return next(args);
      },
      { step: 'initialize', name: 'askedConsistent' },
    );
    try {
      const found = await shelves.getMany([{ id: 'm1' }, { id: 'm2' }, { id: 'm1' }, { id: 'gone' }], {
        consistent: true,
      });
      expect(found.map((record) => record.id).sort()).toEqual(['m1', 'm2']);
      await shelves.getMany([{ id: 'm1' }]);
    } finally {
      client.middlewareStack.remove('askedConsistent');
    }
    expect(asked).toEqual([true, undefined]);
  });
});
