import { DROP_RULES } from '#shared/drops';
import { MESSAGES } from '#shared/messages';
import type { DropLineAnswer } from '#shared/schemas/drops';
import { drops, type DropRecord } from '../../db/entities/drop';
import { dropLineCounts, dropTickets } from '../../db/entities/drop-line';
import { HttpError } from '../../lib/errors';
import { readEnv } from '../../lib/env';
import { checkToken, signToken } from '../../lib/signed-tokens';
import { stockShards } from '../../db/entities/stock-shard';

/**
 * A drop's fair line (issue 57 item 3, docs/decisions/0171), with no server of its own: joining takes the next
 * number (one ADD on the drop's counter), and the buyer's signed token carries it. Buyers are let in in the order of
 * their numbers at the rate the slowest limit allows (DROP_RULES.letInPerSecond, from docs/performance.md's model):
 * number n is in once n <= burst + rate x seconds since the start. So a short line lets everyone in at once, asking
 * again never moves a number forward, and joining again takes a new number at the back. A buyer must ask at least
 * every `leaveAfterSeconds`: one who stops loses the place (their number is refused when it comes up). The card step
 * of a drop's size takes only a token that is in (checkDropLines).
 */

/** Buyers let in a second: the rules' (Stripe's rate), or the stage's own when it sets one (DROP_LET_IN_PER_SECOND). */
export function letInPerSecond(): number {
  return readEnv().DROP_LET_IN_PER_SECOND ?? DROP_RULES.letInPerSecond;
}

/** The highest number let in at `now` (none before the start). */
export function letInThrough(drop: Pick<DropRecord, 'startsAt'>, now: Date): number {
  const seconds = (now.getTime() - Date.parse(drop.startsAt)) / 1000;
  if (seconds < 0) return 0;
  return DROP_RULES.letInBurst + Math.floor(seconds * letInPerSecond());
}

const lineSubject = (productId: string, number: number) => `${productId}#${number}`;

async function dropOn(productId: string): Promise<DropRecord> {
  const drop = await drops.get({ productId });
  if (!drop || drop.state !== 'on') throw new HttpError(404, 'no_drop', MESSAGES.dropNoLine);
  return drop;
}

/** The units left in the drop's sizes (its shards added up). */
async function unitsLeft(drop: DropRecord): Promise<number> {
  const keys = drop.sizes.flatMap(({ cell, shards }) =>
    Array.from({ length: shards }, (_, shard) => ({ cell, shard })),
  );
  return (await stockShards.getMany(keys)).reduce((sum, shard) => sum + shard.units, 0);
}

/** The answer for number `number` at `now`: in, or its place and honest wait; sold out once no unit is left. */
async function answerFor(drop: DropRecord, number: number, token: string, now: Date): Promise<DropLineAnswer> {
  if ((await unitsLeft(drop)) <= 0) return { state: 'sold_out', token, message: MESSAGES.dropSoldOut };
  const through = letInThrough(drop, now);
  if (number <= through) return { state: 'in', token };
  const ahead = number - through;
  const startIn = Math.max(0, Math.ceil((Date.parse(drop.startsAt) - now.getTime()) / 1000));
  return {
    state: 'waiting',
    token,
    position: ahead,
    waitSeconds: startIn + Math.ceil(Math.max(0, ahead - (startIn ? DROP_RULES.letInBurst : 0)) / letInPerSecond()),
    askAgainSeconds: DROP_RULES.askAgainSeconds,
  };
}

/**
 * POST /api/drops/{productId}/line: without a token, joins the line (a new number at the back); with one, answers
 * where it stands (the same number, however often asked). A token not signed for this drop is refused; one whose
 * buyer stopped asking for longer than the rules allow has lost its place (409 `line_left`).
 */
export async function askLine(productId: string, token: string | undefined, now = new Date()): Promise<DropLineAnswer> {
  const drop = await dropOn(productId);
  if (!token) {
    const joined = await dropLineCounts.increment({ productId, round: drop.version }, 'joined');
    await dropTickets.put({
      productId,
      number: joined,
      round: drop.version,
      seenAt: now.toISOString(),
      expiresAt: ttlOf(now),
    });
    const signed = await signToken('drop-line', `${lineSubject(productId, joined)}#${drop.version}`);
    return answerFor(drop, joined, signed, now);
  }
  const number = await numberOf(drop, token);
  const ticket = await dropTickets.get({ productId, number, round: drop.version }, { consistent: true });
  if (!ticket || Date.parse(ticket.seenAt) < now.getTime() - DROP_RULES.leaveAfterSeconds * 1000)
    throw new HttpError(409, 'line_left', MESSAGES.dropLineLeft);
  // Seen now: the place is kept while the buyer keeps asking (no faster than they are told is no use: n stays n).
  await dropTickets.update(
    { productId, number, round: drop.version },
    { set: { seenAt: now.toISOString(), expiresAt: ttlOf(now) } },
  );
  return answerFor(drop, number, token, now);
}

/** The number a token holds for this drop (this round of it); 400 when it is not one the shop signed for it. */
async function numberOf(drop: DropRecord, token: string): Promise<number> {
  const check = await checkToken('drop-line', token);
  const match = check.ok ? /^(.+)#(\d+)#(\d+)$/.exec(check.subject) : null;
  if (!match || match[1] !== drop.productId || Number(match[3]) !== drop.version)
    throw new HttpError(400, 'line_token', MESSAGES.dropLineToken);
  return Number(match[2]);
}

/** Whether a token's number is let in now (the card step of a drop's size asks this). */
export async function isLetIn(drop: DropRecord, token: string | undefined, now = new Date()): Promise<boolean> {
  if (!token) return false;
  try {
    const number = await numberOf(drop, token);
    const ticket = await dropTickets.get({ productId: drop.productId, number, round: drop.version });
    const kept = ticket && Date.parse(ticket.seenAt) >= now.getTime() - DROP_RULES.leaveAfterSeconds * 1000;
    return Boolean(kept) && number <= letInThrough(drop, now);
  } catch {
    return false;
  }
}

/** Tickets go from the table a day after they were last seen (DynamoDB's TTL). */
const ttlOf = (now: Date) => Math.floor(now.getTime() / 1000) + 24 * 3600;
