import { SHOP_TIME_ZONE } from './format';

/**
 * Rules of a drop (issue 57, docs/decisions/0170): a limited run on sale from a set time, at most some units per
 * customer, its stock split over shards while it is on.
 */
export const DROP_RULES = {
  /** Units per shard the shop aims at: a shard of 25 units takes at most 25 orders, spread over the drop's minute. */
  unitsPerShard: 25,
  /** At most this many shards per size (a take reads them all in one BatchGetItem of at most 100 keys). */
  maxShards: 40,
  /** The most units one customer may be allowed of a drop. */
  maxLimit: 9,
  /**
   * Buyers let in from a drop's line a second: the binding limit of docs/performance.md's model (Stripe's 100 requests
   * a second in live mode, 80% of it, at 5 requests per buyer), and at the start this many at once.
   */
  letInPerSecond: 16,
  letInBurst: 16,
  /** A buyer in line asks again this often (the page does it); one silent for `leaveAfterSeconds` has left. */
  askAgainSeconds: 5,
  leaveAfterSeconds: 30,
} as const;

/** How many shards a size of `units` is split over: one per 25 units, between 1 and 40. */
export function shardCountFor(units: number): number {
  return Math.min(DROP_RULES.maxShards, Math.max(1, Math.ceil(units / DROP_RULES.unitsPerShard)));
}

/** Minutes east of UTC of the shop's time zone at an instant (New York: -300 or -240). */
function shopOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

/** An instant as the owner's forms show it in the shop's time zone: 2026-12-04T12:00 (shopTimeToInstant's inverse). */
export function shopLocal(instant: string | number | Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * The instant (ISO, UTC) of a wall-clock time in the shop's time zone, "2026-12-04T12:00" (the owner's form). A time
 * the clocks skip in spring is read as the hour after; one they pass twice in autumn, as the first.
 */
export function shopTimeToInstant(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`Not a shop time: ${local}`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - shopOffsetMinutes(wall) * 60_000;
  const second = wall - shopOffsetMinutes(first) * 60_000;
  return new Date(Math.min(first, second)).toISOString();
}

/** How a drop's start reads to shoppers: "Friday, December 4 at 12:00 PM ET". */
export function dropStartText(startsAt: string): string {
  const text = new Date(startsAt).toLocaleString('en-US', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${text.replace(', ', ', ').replace(/, (\d{1,2}:\d{2})/, ' at $1')} ET`;
}
