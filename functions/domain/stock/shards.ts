import { createHash } from 'node:crypto';
import { canonicalEmail } from '#shared/email';
import { dropStartText } from '#shared/drops';
import { MESSAGES } from '#shared/messages';
import { drops, type DropRecord } from '../../db/entities/drop';
import { dropBuyers } from '../../db/entities/drop-buyer';
import { stockShards, type StockShardRecord } from '../../db/entities/stock-shard';
import type { TransactItem } from '../../db/table';
import { HttpError } from '../../lib/errors';
import { isLetIn } from './drop-line';

/**
 * A drop's stock at the take (issue 57, docs/decisions/0170): the units of a drop's size are split over shards, each
 * its own item with its own condition (never below zero), so many takes at once write different items. A take plans
 * from a read of the shards (starting at the shard its checkout id names, taking from the next when one is short),
 * and plans again when a shard it counted on emptied meanwhile. The per-customer limit is one count per key that names
 * the buyer (account, canonical email, card fingerprint), each added to on the condition that it stays within it.
 */

/** A line as the drop reads it. */
export interface DropLine {
  id: string;
  name: string;
  cell?: string | null;
  quantity: number;
}

/** Who buys, for the per-customer limit. */
export interface DropBuyer {
  /** The user id, or "guest". */
  customer: string;
  /** The checkout's email (a guest's, or the account's address the order is sent to). */
  email?: string;
  /** Stripe's card fingerprint, where the payment has one (the local test processor has none). */
  cardFingerprint?: string;
}

/** The keys one buyer is counted under (decision 0063's canonical email; the account; the card). */
export function buyerKeys(buyer: DropBuyer): string[] {
  return [
    ...(buyer.customer !== 'guest' ? [`account#${buyer.customer}`] : []),
    ...(buyer.email ? [`email#${canonicalEmail(buyer.email)}`] : []),
    ...(buyer.cardFingerprint ? [`card#${buyer.cardFingerprint}`] : []),
  ];
}

/** One write of a drop's take: a shard's decrement (`shard`) or a buyer's count (`dropLimit`). */
export interface DropPart {
  item: TransactItem;
  short: string[];
  shard?: true;
  /** The drop's per-customer limit this count holds. */
  dropLimit?: number;
}

export type DropTake =
  | { refused: null; cells: Set<string>; parts: DropPart[] }
  | { refused: 'not_started' | 'limit' | 'short'; names: string[]; message: string };

/** The drops that are on for these lines' products, by product id. */
export async function dropsOn(lines: readonly DropLine[]): Promise<Map<string, DropRecord>> {
  const ids = [...new Set(lines.map((line) => line.id))];
  const found = ids.length ? await drops.getMany(ids.map((productId) => ({ productId }))) : [];
  return new Map(found.filter((drop) => drop.state === 'on').map((drop) => [drop.productId, drop]));
}

/** The lines that draw on a drop's shards, with their drop. */
function dropLines(lines: readonly DropLine[], on: Map<string, DropRecord>) {
  return lines.flatMap((line) => {
    const drop = on.get(line.id);
    const size = drop?.sizes.find((s) => s.cell === line.cell);
    return drop && size && line.cell ? [{ line, drop, size, cell: line.cell }] : [];
  });
}

/** The shards of a size, 0 .. n-1. */
export const shardKeys = (cell: string, count: number) =>
  Array.from({ length: count }, (_, shard) => ({ cell, shard }));

/** A shard number from a text (the checkout id): buyers spread over the shards. */
const firstShard = (seed: string, count: number) =>
  createHash('sha256').update(seed).digest().readUInt32BE(0) % Math.max(1, count);

/** The units each shard gives to `need`, starting at `start` and going round: null when together they hold too few. */
export function planShards(units: readonly number[], need: number, start: number): Map<number, number> | null {
  const plan = new Map<number, number>();
  let left = need;
  for (let step = 0; step < units.length && left > 0; step++) {
    const shard = (start + step) % units.length;
    const give = Math.min(Math.max(0, units[shard]), left);
    if (give > 0) plan.set(shard, give);
    left -= give;
  }
  return left > 0 ? null : plan;
}

/** Units of each line's product in the drop, by product. */
const unitsByProduct = (found: ReturnType<typeof dropLines>) => {
  const units = new Map<string, { drop: DropRecord; name: string; units: number }>();
  for (const { line, drop } of found) {
    const entry = units.get(drop.productId) ?? { drop, name: line.name, units: 0 };
    entry.units += line.quantity;
    units.set(drop.productId, entry);
  }
  return [...units.values()];
};

/**
 * The drop's part of a take: null when no line is in a drop that is on. Refused before any write when the drop has
 * not started, when a line alone passes the limit, or when the shards together hold too few. `seed` (the checkout
 * id) names the first shard tried; `consistent` reads the shards as just written (a second plan).
 */
export async function dropTake(
  lines: readonly DropLine[],
  buyer: DropBuyer,
  seed: string,
  now: Date,
  consistent = false,
): Promise<DropTake | null> {
  const found = dropLines(lines, await dropsOn(lines));
  if (!found.length) return null;
  const early = found.filter(({ drop }) => drop.startsAt > now.toISOString());
  if (early.length) {
    const { line, drop } = early[0];
    return {
      refused: 'not_started',
      names: [line.name],
      message: MESSAGES.dropNotStarted(line.name, dropStartText(drop.startsAt)),
    };
  }
  const byProduct = unitsByProduct(found);
  const over = byProduct.find((entry) => entry.units > entry.drop.limit);
  if (over) return { refused: 'limit', names: [over.name], message: MESSAGES.dropLimit(over.name, over.drop.limit) };
  const need = new Map<string, { units: number; shards: number; names: Set<string> }>();
  for (const { line, size, cell } of found) {
    const entry = need.get(cell) ?? { units: 0, shards: size.shards, names: new Set<string>() };
    entry.units += line.quantity;
    entry.names.add(line.name);
    need.set(cell, entry);
  }
  const keys = [...need.entries()].flatMap(([cell, entry]) => shardKeys(cell, entry.shards));
  const shards = new Map(
    (await stockShards.getMany(keys, { consistent })).map((shard) => [`${shard.cell}#${shard.shard}`, shard]),
  );
  const at = now.toISOString();
  const parts: DropPart[] = [];
  for (const [cell, entry] of need) {
    const units = shardKeys(cell, entry.shards).map(({ shard }) => shards.get(`${cell}#${shard}`)?.units ?? 0);
    const plan = planShards(units, entry.units, firstShard(seed, entry.shards));
    const names = [...entry.names];
    if (!plan) return { refused: 'short', names, message: `${MESSAGES.outOfStock}\n${names.join('\n')}` };
    for (const [shard, give] of plan)
      parts.push({
        item: stockShards.transact.update(
          { cell, shard },
          { set: { updatedAt: at }, add: { units: -give, taken: give } },
          { when: { atLeast: { units: give } } },
        ),
        short: names,
        shard: true,
      });
  }
  for (const { drop, name, units } of byProduct)
    for (const key of buyerKeys(buyer))
      parts.push({
        item: dropBuyers.transact.update(
          { productId: drop.productId, buyer: key },
          { set: { updatedAt: at }, add: { units } },
          // Stays within the limit: what the buyer had is below limit - units + 1 (a missing count is 0).
          { upsert: true, when: { below: { units: drop.limit - units + 1 } } },
        ),
        short: [name],
        dropLimit: drop.limit,
      });
  return { refused: null, cells: new Set(need.keys()), parts };
}

/**
 * The card step's check of a drop (reads only): refuses a cart whose drop has not started, or whose units would take
 * the buyer past the drop's limit under any of their keys (the take holds the limit under races; this answers early).
 */
export async function checkDropLines(
  lines: readonly DropLine[],
  buyer: DropBuyer,
  now: Date,
  lineToken?: string,
): Promise<void> {
  const found = dropLines(lines, await dropsOn(lines));
  if (!found.length) return;
  const early = found.find(({ drop }) => drop.startsAt > now.toISOString());
  if (early)
    throw new HttpError(
      409,
      'drop_not_started',
      MESSAGES.dropNotStarted(early.line.name, dropStartText(early.drop.startsAt)),
    );
  // A drop with a line: a payment intent only for a buyer it let in (never one made for a buyer still waiting).
  for (const { drop } of found)
    if (drop.line && !(await isLetIn(drop, lineToken, now)))
      throw new HttpError(409, 'drop_line', MESSAGES.dropWaitYourTurn);
  const byProduct = unitsByProduct(found);
  const keys = byProduct.flatMap(({ drop }) =>
    buyerKeys(buyer).map((key) => ({ productId: drop.productId, buyer: key })),
  );
  const had = keys.length ? await dropBuyers.getMany(keys) : [];
  for (const { drop, name, units } of byProduct) {
    const most = Math.max(0, ...had.filter((h) => h.productId === drop.productId).map((h) => h.units));
    if (most + units > drop.limit) throw new HttpError(409, 'drop_limit', MESSAGES.dropLimit(name, drop.limit));
  }
}

/** The sum of a size's shards' units (the one number the owner and the shop see). */
export async function shardUnits(cell: string, count: number): Promise<number> {
  const shards = await stockShards.getMany(shardKeys(cell, count));
  return shards.reduce((sum, shard) => sum + shard.units, 0);
}

/** A shard to give units back to: any (returns are few); the shards spread them. */
export const anyShard = (count: number) => Math.floor(Math.random() * Math.max(1, count));

/** The write that gives `units` back to a shard (a refund's, a cancel's or the owner's restock): it must exist. */
export function shardReturn(cell: string, shard: number, units: number, now: string): TransactItem {
  return stockShards.transact.update({ cell, shard }, { set: { updatedAt: now }, add: { units, restocked: units } });
}

export type { StockShardRecord };
