import {
  BatchGetCommand,
  type QueryCommandInput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { TABLE_KEYS } from './table-definition';

/**
 * The table layer: each record kind (functions/db/entities) is a `model` that knows its keys and index keys,
 * built from named fields, on the one table of TABLE_KEYS. Items on the table are the record plus `pk`, `sk`,
 * the GSI key attributes it takes part in, and `entity` (the kind). Key values look like `product#<id>`; GSI sort
 * keys are the fields joined by `#` (ISO times first, so they sort by time). docs/decisions/0020.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Item = Record<string, unknown>;
type GsiName = (typeof TABLE_KEYS.globalSecondaryIndexes)[number]['indexName'];

/** Attributes that belong to the table layer, never to a record. */
const KEY_ATTRIBUTES = new Set<string>([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  'entity',
  ...TABLE_KEYS.globalSecondaryIndexes.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey]),
]);

const GSI = Object.fromEntries(TABLE_KEYS.globalSecondaryIndexes.map((gsi) => [gsi.indexName, gsi])) as Record<
  GsiName,
  (typeof TABLE_KEYS.globalSecondaryIndexes)[number]
>;

/** Whether a write failed on its condition (DynamoDB's ConditionalCheckFailedException). */
export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Conditions on stored values: `equals` (all must hold), `notEquals` (none may hold). */
export interface When<T> {
  equals?: Partial<T>;
  notEquals?: Partial<T>;
  /** Fields that must not exist (e.g. a count an older record never had). */
  absent?: readonly (keyof T & string)[];
}

/** Builds a ConditionExpression; names and values are numbered so they never clash with an update's. */
class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private count = 0;
  name(attribute: string): string {
    const placeholder = `#n${this.count++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }
  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
  condition(parts: string[], when: When<Item> | undefined): string | undefined {
    for (const [attribute, value] of Object.entries(when?.equals ?? {})) parts.push(`${this.name(attribute)} = ${this.value(value)}`);
    for (const [attribute, value] of Object.entries(when?.notEquals ?? {})) parts.push(`${this.name(attribute)} <> ${this.value(value)}`);
    for (const attribute of when?.absent ?? []) parts.push(`attribute_not_exists(${this.name(attribute)})`);
    return parts.length ? parts.join(' AND ') : undefined;
  }
  /** The placeholders, or nothing when unused (DynamoDB refuses empty maps). */
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

interface IndexDef<T> {
  /** A GSI, or `table`: the record's own partition (pk/sk), read in sort-key order. */
  index: GsiName | 'table';
  pk: readonly (keyof T & string)[];
  sk: readonly (keyof T & string)[];
}

export interface ModelDef<T, K extends keyof T, D extends keyof T> {
  /** The record kind: the prefix of its keys and the `entity` attribute. */
  entity: string;
  /** Fields that make the primary key: partition key fields, then (optional) sort key fields. */
  pk: readonly K[];
  sk?: readonly K[];
  /** Secondary indexes by access-pattern name. */
  indexes?: Record<string, IndexDef<T>>;
  /** Values of fields a new record may leave out. */
  defaults?: () => Pick<T, D>;
}

/** What a new record must carry: everything but the defaulted fields and the timestamps. */
export type NewRecord<T extends Timestamps, D extends keyof T> = Omit<T, D | 'createdAt' | 'updatedAt'> & Partial<Pick<T, D | 'createdAt' | 'updatedAt'>>;

export interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export interface UpdateInput<T> {
  set?: Partial<T>;
  remove?: readonly (keyof T & string)[];
  /** Adds to numbers. */
  add?: Partial<Record<keyof T & string, number>>;
}

export interface QueryOptions {
  order?: 'asc' | 'desc';
  /** At most this many records (one page); without it, every page. */
  limit?: number;
  /** Only sort keys up to this value (inclusive), e.g. an ISO time. */
  skAtMost?: string;
  /** Only sort keys from this value on (inclusive). */
  skAtLeast?: string;
  consistent?: boolean;
}

/** One page of a query and where the next one starts (null: no more). */
export interface QueryPage<T> {
  records: T[];
  next: Record<string, unknown> | null;
}

/** Defines a record kind on the table (see functions/db/entities). */
export function model<T extends Timestamps, K extends keyof T & string, D extends keyof T = never>(def: ModelDef<T, K, D>) {
  type KeyInput = Pick<T, K>;
  const join = (record: Partial<T>, fields: readonly (keyof T & string)[]) => fields.map((field) => String(record[field])).join('#');
  const hasAll = (record: Partial<T>, fields: readonly (keyof T & string)[]) => fields.every((field) => record[field] !== undefined);

  function key(input: KeyInput): Item {
    return {
      [TABLE_KEYS.partitionKey]: `${def.entity}#${join(input as Partial<T>, def.pk)}`,
      [TABLE_KEYS.sortKey]: def.sk?.length ? `${def.entity}#${join(input as Partial<T>, def.sk)}` : def.entity,
    };
  }

  /** The GSI key attributes of the indexes whose fields are all in `record`. */
  function indexKeys(record: Partial<T>): Item {
    const keys: Item = {};
    for (const index of Object.values(def.indexes ?? {})) {
      if (index.index === 'table') continue;
      if (!hasAll(record, index.pk) || !hasAll(record, index.sk)) continue;
      keys[GSI[index.index].partitionKey] = [def.entity, ...index.pk.map((field) => String(record[field]))].join('#');
      keys[GSI[index.index].sortKey] = join(record, index.sk);
    }
    return keys;
  }

  function complete(record: NewRecord<T, D>): T {
    const now = new Date().toISOString();
    return { ...def.defaults?.(), createdAt: now, updatedAt: now, ...record } as unknown as T;
  }

  function toItem(record: T): Item {
    return { ...(record as Item), ...key(record), ...indexKeys(record), entity: def.entity };
  }

  function fromItem(item: Item): T {
    const record: Item = {};
    for (const [name, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(name)) record[name] = value;
    return record as T;
  }

  /** Put request of a record (defaults and timestamps filled in), with an optional condition. */
  function putRequest(record: NewRecord<T, D>, options: { ifNew?: boolean; when?: When<T> } = {}) {
    const expression = new Expression();
    const condition = expression.condition(options.ifNew ? [`attribute_not_exists(${expression.name(TABLE_KEYS.partitionKey)})`] : [], options.when as When<Item>);
    const full = complete(record);
    return { record: full, request: { TableName: tableName(), Item: toItem(full), ...(condition ? { ConditionExpression: condition } : {}), ...expression.attributes() } };
  }

  function updateRequest(input: KeyInput, changes: UpdateInput<T>, options: { when?: When<T>; current?: T } = {}) {
    const expression = new Expression();
    // `updatedAt` is now unless the change names it (a change written with its copies gives them the same time).
    const set: Item = Object.fromEntries(Object.entries({ updatedAt: new Date().toISOString(), ...changes.set }).filter(([, value]) => value !== undefined));
    // A change to an index's fields moves the record in that index: its keys are rebuilt from the whole record.
    const touched = Object.values(def.indexes ?? {}).some((index) => index.index !== 'table' && [...index.pk, ...index.sk].some((field) => field in set));
    if (touched) {
      if (!options.current) throw new Error(`${def.entity}: changing an index field needs the current record`);
      Object.assign(set, indexKeys({ ...options.current, ...(set as Partial<T>) }));
    }
    const clauses: string[] = [];
    const sets = Object.entries(set).map(([name, value]) => `${expression.name(name)} = ${expression.value(value)}`);
    if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
    const adds = Object.entries(changes.add ?? {}).map(([name, value]) => `${expression.name(name)} ${expression.value(value)}`);
    if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
    if (changes.remove?.length) clauses.push(`REMOVE ${changes.remove.map((name) => expression.name(name)).join(', ')}`);
    const condition = expression.condition([`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`], options.when as When<Item>);
    return { TableName: tableName(), Key: key(input), UpdateExpression: clauses.join(' '), ConditionExpression: condition, ...expression.attributes() };
  }

  return {
    entity: def.entity,
    key,
    fromItem,

    async get(input: KeyInput, options: { consistent?: boolean } = {}): Promise<T | null> {
      const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: key(input), ConsistentRead: options.consistent }));
      return Item ? fromItem(Item) : null;
    },

    /**
     * Reads many records (100 keys per request). Keys DynamoDB leaves unprocessed (throttling, the 16 MB limit)
     * are asked for again with backoff, so a busy table never silently drops one. Missing records are left out.
     */
    async getMany(inputs: readonly KeyInput[]): Promise<T[]> {
      const unique = [...new Map(inputs.map((input) => [JSON.stringify(key(input)), key(input)])).values()];
      const found: T[] = [];
      for (let start = 0; start < unique.length; start += 100) {
        let pending = unique.slice(start, start + 100);
        for (let attempt = 0; pending.length; attempt++) {
          if (attempt >= 6) throw new Error(`Batch get left ${pending.length} keys unprocessed`);
          if (attempt) await pause(20 * 2 ** attempt * Math.random());
          const table = tableName();
          const { Responses, UnprocessedKeys } = await documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
          found.push(...(Responses?.[table] ?? []).map(fromItem));
          pending = (UnprocessedKeys?.[table]?.Keys ?? []) as Item[];
        }
      }
      return found;
    },

    /** Records of one index partition (`values` holds the index's partition fields), all pages unless `limit`. */
    async query(indexName: string, values: Partial<T>, options: QueryOptions = {}): Promise<T[]> {
      const records: T[] = [];
      let start: Item | null = null;
      do {
        const page = await this.queryPage(indexName, values, options, start);
        records.push(...page.records);
        start = options.limit ? null : page.next;
      } while (start);
      return records;
    },

    /** One page (at most `limit` records, or DynamoDB's 1 MB) of an index partition, from `start` on. */
    async queryPage(indexName: string, values: Partial<T>, options: QueryOptions = {}, start: Item | null = null): Promise<QueryPage<T>> {
      const index = def.indexes?.[indexName];
      if (!index) throw new Error(`${def.entity} has no index ${indexName}`);
      const onTable = index.index === 'table';
      const gsi = onTable ? { indexName: undefined, partitionKey: TABLE_KEYS.partitionKey, sortKey: TABLE_KEYS.sortKey } : GSI[index.index as GsiName];
      const expression = new Expression();
      let condition = `${expression.name(gsi.partitionKey)} = ${expression.value([def.entity, ...index.pk.map((field) => String(values[field]))].join('#'))}`;
      const sk = () => expression.name(gsi.sortKey);
      if (options.skAtLeast !== undefined && options.skAtMost !== undefined) {
        condition += ` AND ${sk()} BETWEEN ${expression.value(options.skAtLeast)} AND ${expression.value(options.skAtMost)}`;
      } else if (options.skAtMost !== undefined) condition += ` AND ${sk()} <= ${expression.value(options.skAtMost)}`;
      else if (options.skAtLeast !== undefined) condition += ` AND ${sk()} >= ${expression.value(options.skAtLeast)}`;
      const input: QueryCommandInput = {
        TableName: tableName(),
        ...(gsi.indexName ? { IndexName: gsi.indexName } : {}),
        KeyConditionExpression: condition,
        ScanIndexForward: options.order !== 'desc',
        ...(options.limit ? { Limit: options.limit } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
        ...(options.consistent && onTable ? { ConsistentRead: true } : {}),
        ...expression.attributes(),
      };
      const page = await documentClient().send(new QueryCommand(input));
      return { records: (page.Items ?? []).map(fromItem), next: page.LastEvaluatedKey ?? null };
    },

    /** Counts the records of an index partition (reads the keys only; DynamoDB still charges by the size read). */
    async count(indexName: string, values: Partial<T>): Promise<number> {
      const index = def.indexes?.[indexName];
      if (!index || index.index === 'table') throw new Error(`${def.entity} has no index ${indexName}`);
      const gsi = GSI[index.index as GsiName];
      let total = 0;
      let start: Item | undefined;
      do {
        const page = await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: gsi.indexName,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': gsi.partitionKey },
            ExpressionAttributeValues: { ':pk': [def.entity, ...index.pk.map((field) => String(values[field]))].join('#') },
            Select: 'COUNT',
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        total += page.Count ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return total;
    },

    /** Where a query of `indexName` stands just after `record` (its ExclusiveStartKey): the keys of a page cursor. */
    position(record: T, indexName: string): Item {
      const index = def.indexes?.[indexName];
      if (!index) throw new Error(`${def.entity} has no index ${indexName}`);
      if (index.index === 'table') return key(record);
      const gsi = GSI[index.index as GsiName];
      return { ...key(record), [gsi.partitionKey]: [def.entity, ...index.pk.map((field) => String(record[field]))].join('#'), [gsi.sortKey]: join(record, index.sk) };
    },

    /** A new record as `put` would write it (defaults and timestamps filled in), without writing it. */
    build(record: NewRecord<T, D>): T {
      return complete(record);
    },

    /** Writes a whole record (replacing one with the same key); `ifNew` refuses to replace, `when` conditions it. */
    async put(record: NewRecord<T, D>, options: { ifNew?: boolean; when?: When<T> } = {}): Promise<T> {
      const { record: full, request } = putRequest(record, options);
      await documentClient().send(new PutCommand(request));
      return full;
    },

    /** A new record; throws ConditionalCheckFailedException (isConditionFailure) when its key is taken. */
    create(record: NewRecord<T, D>): Promise<T> {
      return this.put(record, { ifNew: true });
    },

    /**
     * Changes fields of an existing record (a missing one fails its condition). `current` is needed when a
     * change moves the record in an index. `updatedAt` is always set.
     */
    async update(input: KeyInput, changes: UpdateInput<T>, options: { when?: When<T>; current?: T } = {}): Promise<void> {
      await documentClient().send(new UpdateCommand(updateRequest(input, changes, options)));
    },

    async delete(input: KeyInput): Promise<void> {
      await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: key(input) }));
    },

    /** The same writes as parts of a TransactWriteItems call. */
    transact: {
      put(record: NewRecord<T, D>, options: { ifNew?: boolean; when?: When<T> } = {}): TransactItem {
        return { Put: putRequest(record, options).request };
      },
      update(input: KeyInput, changes: UpdateInput<T>, options: { when?: When<T>; current?: T } = {}): TransactItem {
        return { Update: updateRequest(input, changes, options) };
      },
      /** Only a condition on a record (the transaction fails whole when it does not hold); writes nothing. */
      check(input: KeyInput, options: { when?: When<T> } = {}): TransactItem {
        const expression = new Expression();
        const condition = expression.condition([`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`], options.when as When<Item>)!;
        return { ConditionCheck: { TableName: tableName(), Key: key(input), ConditionExpression: condition, ...expression.attributes() } };
      },
      /** Deletes a record; with `when`, only if it exists and holds those values. */
      delete(input: KeyInput, options: { when?: When<T> } = {}): TransactItem {
        const expression = new Expression();
        const condition = options.when ? expression.condition([`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`], options.when as When<Item>) : undefined;
        return { Delete: { TableName: tableName(), Key: key(input), ...(condition ? { ConditionExpression: condition } : {}), ...expression.attributes() } };
      },
    },
  };
}
