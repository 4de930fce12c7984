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
 * It is the only way to the table (decision 0070): conditional counts (`add` with `when.atLeast`/`below`), upserts,
 * list elements and client cursors (`isPosition`) are said here, by record and field, never in the domain.
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

/**
 * Whether a write failed on its condition: a single write's ConditionalCheckFailedException, or a transaction
 * (functions/db/transaction.ts) cancelled because the condition of one of its items did not hold (not throttling,
 * a conflicting transaction or a bug). Nothing was written then.
 */
export function isConditionFailure(error: unknown): boolean {
  const failure = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (failure?.name === 'ConditionalCheckFailedException') return true;
  return (
    failure?.name === 'TransactionCanceledException' &&
    (failure.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed')
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Field<T> = keyof T & string;
/** Fields that hold a number (counts, versions, times in epoch ms). */
type NumberField<T> = { [F in Field<T>]-?: NonNullable<T[F]> extends number ? F : never }[Field<T>];
/** Fields that hold numbers by name (a stock item's counts by size). */
type CountsField<T> = {
  [F in Field<T>]-?: NonNullable<T[F]> extends readonly unknown[]
    ? never
    : NonNullable<T[F]> extends Record<string, number | undefined>
      ? F
      : never;
}[Field<T>];
/** A number of a record: a number field, or one count of a counts field (`stock.M`). */
export type NumberPath<T> = NumberField<T> | `${CountsField<T>}.${string}`;
/** Fields that hold a list of objects (an order's tracking changes). */
type ListField<T> = {
  [F in Field<T>]-?: NonNullable<T[F]> extends readonly (infer E)[] ? (E extends object ? F : never) : never;
}[Field<T>];
type ElementOf<L> = NonNullable<L> extends readonly (infer E)[] ? E : never;

/**
 * Conditions on stored values, all of which must hold: `equals` (each field has that value), `notEquals` (none
 * has; a missing field has none), `absent` / `present` (the fields do not / do exist); numbers `atLeast` or `below`
 * a value, where a missing number counts as 0; and `belowLimit`: a number below the limit another field holds (no
 * limit when that one is missing).
 */
export interface When<T> {
  equals?: Partial<T>;
  notEquals?: Partial<T>;
  /** Fields that must not exist (e.g. a count an older record never had). */
  absent?: readonly Field<T>[];
  /** Fields that must exist (the map whose counts a write adds to). */
  present?: readonly Field<T>[];
  atLeast?: Partial<Record<NumberPath<T>, number>>;
  below?: Partial<Record<NumberPath<T>, number>>;
  belowLimit?: Partial<Record<NumberField<T>, NumberField<T>>>;
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
  /** A field, or a count inside a field (`stock.M`: each part its own placeholder). */
  path(path: string): string {
    return path
      .split('.')
      .map((part) => this.name(part))
      .join('.');
  }
  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
  condition<T>(parts: string[], when: When<T> | undefined): string | undefined {
    for (const [attribute, value] of Object.entries(when?.equals ?? {}))
      parts.push(`${this.name(attribute)} = ${this.value(value)}`);
    // A missing field has no value, so it passes (said outright rather than left to how `<>` treats a missing one).
    for (const [attribute, value] of Object.entries(when?.notEquals ?? {})) {
      const name = this.name(attribute);
      parts.push(`(attribute_not_exists(${name}) OR ${name} <> ${this.value(value)})`);
    }
    for (const attribute of when?.absent ?? []) parts.push(`attribute_not_exists(${this.name(attribute)})`);
    for (const attribute of when?.present ?? []) parts.push(`attribute_exists(${this.name(attribute)})`);
    // A missing number counts as 0: it passes exactly when 0 would.
    const compare = (path: string, operator: '>=' | '<', bound: number, zeroPasses: boolean) => {
      const name = this.path(path);
      const test = `${name} ${operator} ${this.value(bound)}`;
      parts.push(zeroPasses ? `(attribute_not_exists(${name}) OR ${test})` : test);
    };
    for (const [path, bound] of Object.entries<number | undefined>(when?.atLeast ?? {}))
      if (bound !== undefined) compare(path, '>=', bound, 0 >= bound);
    for (const [path, bound] of Object.entries<number | undefined>(when?.below ?? {}))
      if (bound !== undefined) compare(path, '<', bound, 0 < bound);
    for (const [attribute, limit] of Object.entries<string | undefined>(when?.belowLimit ?? {})) {
      if (limit)
        parts.push(`(attribute_not_exists(${this.name(limit)}) OR ${this.name(attribute)} < ${this.name(limit)})`);
    }
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
export type NewRecord<T extends Timestamps, D extends keyof T> = Omit<T, D | 'createdAt' | 'updatedAt'> &
  Partial<Pick<T, D | 'createdAt' | 'updatedAt'>>;

export interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export interface UpdateInput<T> {
  set?: Partial<T>;
  remove?: readonly Field<T>[];
  /**
   * Adds to numbers (a negative amount takes away): a field starts from 0 when missing, and so does a count inside
   * a counts field (`stock.M`), whose field must exist (`when: { present: ['stock'] }`).
   */
  add?: Partial<Record<NumberPath<T>, number>>;
  /**
   * Fields of one element of a list field (the mail of the third tracking change); the rest of the list stays as it is.
   */
  setInList?: { [F in ListField<T>]?: { index: number; set: Partial<ElementOf<T[F]>> } };
}

/** How an update is written: on a condition, with the current record (a change that moves it in an index needs it). */
export interface UpdateOptions<T> {
  when?: When<T>;
  current?: T;
  /**
   * Writes the record when it is missing (its key fields, `entity` and `createdAt` are set; `createdAt` only then):
   * for counts kept per key (a customer's uses of a code) and one-per-table markers.
   */
  upsert?: boolean;
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
export function model<T extends Timestamps, K extends keyof T & string, D extends keyof T = never>(
  def: ModelDef<T, K, D>,
) {
  type KeyInput = Pick<T, K>;
  const join = (record: Partial<T>, fields: readonly (keyof T & string)[]) =>
    fields.map((field) => String(record[field])).join('#');
  const hasAll = (record: Partial<T>, fields: readonly (keyof T & string)[]) =>
    fields.every((field) => record[field] !== undefined);

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
    const condition = expression.condition(
      options.ifNew ? [`attribute_not_exists(${expression.name(TABLE_KEYS.partitionKey)})`] : [],
      options.when,
    );
    const full = complete(record);
    return {
      record: full,
      request: {
        TableName: tableName(),
        Item: toItem(full),
        ...(condition ? { ConditionExpression: condition } : {}),
        ...expression.attributes(),
      },
    };
  }

  function updateRequest(input: KeyInput, changes: UpdateInput<T>, options: UpdateOptions<T> = {}) {
    const expression = new Expression();
    const now = new Date().toISOString();
    // `updatedAt` is now unless the change names it (a change written with its copies gives them the same time).
    const set: Item = Object.fromEntries(
      Object.entries({ updatedAt: now, ...changes.set }).filter(([, value]) => value !== undefined),
    );
    if (options.upsert)
      Object.assign(
        set,
        Object.fromEntries(
          Object.entries(input as Item).filter(
            ([name]) =>
              (def.pk as readonly string[]).includes(name) || (def.sk as readonly string[] | undefined)?.includes(name),
          ),
        ),
        {
          entity: def.entity,
        },
      );
    // A change to an index's fields moves the record in that index: its keys are rebuilt from the whole record. Only
    // the indexes the change touches: another index keeps its keys as stored, so a `current` read before another
    // writer changed that index's fields (an order given to an account while it ships) cannot move it back.
    const touched = Object.values(def.indexes ?? {}).filter(
      (index) => index.index !== 'table' && [...index.pk, ...index.sk].some((field) => field in set),
    );
    if (touched.length) {
      if (!options.current && !options.upsert)
        throw new Error(`${def.entity}: changing an index field needs the current record`);
      const keys = indexKeys({ ...options.current, ...(set as Partial<T>) });
      for (const index of touched) {
        const { partitionKey, sortKey } = GSI[index.index as GsiName];
        if (partitionKey in keys) Object.assign(set, { [partitionKey]: keys[partitionKey], [sortKey]: keys[sortKey] });
      }
    }
    const sets = Object.entries(set).map(([name, value]) => `${expression.name(name)} = ${expression.value(value)}`);
    if (options.upsert && !('createdAt' in set)) {
      const created = expression.name('createdAt');
      sets.push(`${created} = if_not_exists(${created}, ${expression.value(now)})`);
    }
    const adds: string[] = [];
    for (const [path, amount] of Object.entries<number | undefined>(changes.add ?? {})) {
      if (amount === undefined) continue;
      // ADD works on top-level fields only; a count inside a map is SET from itself (0 when missing).
      if (!path.includes('.')) adds.push(`${expression.name(path)} ${expression.value(amount)}`);
      else {
        const name = expression.path(path);
        sets.push(`${name} = if_not_exists(${name}, ${expression.value(0)}) + ${expression.value(amount)}`);
      }
    }
    for (const [list, element] of Object.entries<{ index: number; set: Item } | undefined>(
      (changes.setInList ?? {}) as Record<string, { index: number; set: Item } | undefined>,
    )) {
      if (!element) continue;
      if (!Number.isInteger(element.index) || element.index < 0)
        throw new Error(`${def.entity}: no element ${element.index} of ${list}`);
      const at = `${expression.name(list)}[${element.index}]`;
      for (const [field, value] of Object.entries(element.set))
        if (value !== undefined) sets.push(`${at}.${expression.name(field)} = ${expression.value(value)}`);
    }
    const clauses: string[] = [];
    if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
    if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
    if (changes.remove?.length)
      clauses.push(`REMOVE ${changes.remove.map((name) => expression.name(name)).join(', ')}`);
    const condition = expression.condition(
      options.upsert ? [] : [`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`],
      options.when,
    );
    return {
      TableName: tableName(),
      Key: key(input),
      UpdateExpression: clauses.join(' '),
      ...(condition ? { ConditionExpression: condition } : {}),
      ...expression.attributes(),
    };
  }

  return {
    entity: def.entity,
    key,
    fromItem,

    async get(input: KeyInput, options: { consistent?: boolean } = {}): Promise<T | null> {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: key(input), ConsistentRead: options.consistent }),
      );
      return Item ? fromItem(Item) : null;
    },

    /**
     * Reads many records (100 keys per request). Keys DynamoDB leaves unprocessed (throttling, the 16 MB limit)
     * are asked for again with backoff, so a busy table never silently drops one. Missing records are left out.
     * `consistent` reads what was written a moment ago (the table only: indexes are never consistent).
     */
    async getMany(inputs: readonly KeyInput[], options: { consistent?: boolean } = {}): Promise<T[]> {
      const unique = [...new Map(inputs.map((input) => [JSON.stringify(key(input)), key(input)])).values()];
      const found: T[] = [];
      for (let start = 0; start < unique.length; start += 100) {
        let pending = unique.slice(start, start + 100);
        for (let attempt = 0; pending.length; attempt++) {
          if (attempt >= 6) throw new Error(`Batch get left ${pending.length} keys unprocessed`);
          if (attempt) await pause(20 * 2 ** attempt * Math.random());
          const table = tableName();
          const { Responses, UnprocessedKeys } = await documentClient().send(
            new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent } } }),
          );
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
    async queryPage(
      indexName: string,
      values: Partial<T>,
      options: QueryOptions = {},
      start: Item | null = null,
    ): Promise<QueryPage<T>> {
      const index = def.indexes?.[indexName];
      if (!index) throw new Error(`${def.entity} has no index ${indexName}`);
      const onTable = index.index === 'table';
      const gsi = onTable
        ? { indexName: undefined, partitionKey: TABLE_KEYS.partitionKey, sortKey: TABLE_KEYS.sortKey }
        : GSI[index.index as GsiName];
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
      const gsi = GSI[index.index];
      let total = 0;
      let start: Item | undefined;
      do {
        const page = await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: gsi.indexName,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': gsi.partitionKey },
            ExpressionAttributeValues: {
              ':pk': [def.entity, ...index.pk.map((field) => String(values[field]))].join('#'),
            },
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
      const gsi = GSI[index.index];
      return {
        ...key(record),
        [gsi.partitionKey]: [def.entity, ...index.pk.map((field) => String(record[field]))].join('#'),
        [gsi.sortKey]: join(record, index.sk),
      };
    },

    /**
     * Whether a client's cursor is a position in the partition of `indexName` that `values` name, as `position` gives
     * one: exactly the key attributes of that index, short strings, in that partition, of this record kind. Anything
     * else must never reach a query as its ExclusiveStartKey.
     */
    isPosition(value: unknown, indexName: string, values: Partial<T>): value is Item {
      const index = def.indexes?.[indexName];
      if (!index) throw new Error(`${def.entity} has no index ${indexName}`);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const cursor = value as Item;
      const gsi = index.index === 'table' ? null : GSI[index.index];
      const names = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...(gsi ? [gsi.partitionKey, gsi.sortKey] : [])];
      if (
        Object.keys(cursor).length !== names.length ||
        !names.every((name) => typeof cursor[name] === 'string' && cursor[name].length <= 300)
      )
        return false;
      const [pk, sk] = [cursor[TABLE_KEYS.partitionKey] as string, cursor[TABLE_KEYS.sortKey] as string];
      const partition = [def.entity, ...index.pk.map((field) => String(values[field]))].join('#');
      // The record's own key: exact when the values name it (an index on the record's partition), else of this kind.
      const ownPk = hasAll(values, def.pk)
        ? pk === key(values as KeyInput)[TABLE_KEYS.partitionKey]
        : pk.startsWith(`${def.entity}#`);
      const ownSk = def.sk?.length ? sk.startsWith(`${def.entity}#`) : sk === def.entity;
      return ownPk && ownSk && (gsi ? cursor[gsi.partitionKey] === partition : pk === partition);
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
    async update(input: KeyInput, changes: UpdateInput<T>, options: UpdateOptions<T> = {}): Promise<void> {
      await documentClient().send(new UpdateCommand(updateRequest(input, changes, options)));
    },

    /**
     * Adds `by` to a number field and answers its new value: one UpdateItem ADD, atomic whatever the concurrency, so
     * no two callers get the same value (a counter). A missing record is written (upsert), its field counting from 0.
     */
    async increment(input: KeyInput, field: NumberField<T>, by = 1): Promise<number> {
      const add = { [field]: by } as UpdateInput<T>['add'];
      const request = updateRequest(input, { add }, { upsert: true });
      const { Attributes } = await documentClient().send(
        new UpdateCommand({ ...request, ReturnValues: 'UPDATED_NEW' }),
      );
      const value: unknown = Attributes?.[field];
      if (typeof value !== 'number') throw new Error(`${def.entity}: ${field} is not a number after the increment`);
      return value;
    },

    /**
     * Deletes a record; with `when`, only if those conditions hold (and nothing else: a missing record passes what
     * a missing field passes, e.g. `below: { redemptions: 1 }`), else ConditionalCheckFailedException.
     */
    async delete(input: KeyInput, options: { when?: When<T> } = {}): Promise<void> {
      const expression = new Expression();
      const condition = expression.condition([], options.when);
      await documentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key(input),
          ...(condition ? { ConditionExpression: condition } : {}),
          ...expression.attributes(),
        }),
      );
    },

    /** The same writes as parts of a TransactWriteItems call. */
    transact: {
      put(record: NewRecord<T, D>, options: { ifNew?: boolean; when?: When<T> } = {}): TransactItem {
        return { Put: putRequest(record, options).request };
      },
      update(input: KeyInput, changes: UpdateInput<T>, options: UpdateOptions<T> = {}): TransactItem {
        return { Update: updateRequest(input, changes, options) };
      },
      /** Only a condition on a record (the transaction fails whole when it does not hold); writes nothing. */
      check(input: KeyInput, options: { when?: When<T> } = {}): TransactItem {
        const expression = new Expression();
        const condition = expression.condition(
          [`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`],
          options.when,
        )!;
        return {
          ConditionCheck: {
            TableName: tableName(),
            Key: key(input),
            ConditionExpression: condition,
            ...expression.attributes(),
          },
        };
      },
      /** Deletes a record; with `when`, only if it exists and holds those values. */
      delete(input: KeyInput, options: { when?: When<T> } = {}): TransactItem {
        const expression = new Expression();
        const condition = options.when
          ? expression.condition([`attribute_exists(${expression.name(TABLE_KEYS.partitionKey)})`], options.when)
          : undefined;
        return {
          Delete: {
            TableName: tableName(),
            Key: key(input),
            ...(condition ? { ConditionExpression: condition } : {}),
            ...expression.attributes(),
          },
        };
      },
    },
  };
}
