/**
 * `npm run bench:drop` (issue 57 item 4): a drop against the local stack. M units of one product go on sale in a drop
 * with a line (sharded stock, docs/decisions/0170 and 0171) at the next whole minute, and N buyers arrive from the
 * start over a ramp, driven by autocannon from a second process (so the load generator does not share the stack's
 * event loop). Each buyer does what the product page does (docs/decisions/0181): joins the line (POST
 * /api/drops/{id}/line), asks again as told, and once let in goes on to the browser's three calls, asking on to keep
 * the place: the card step (POST /auth/create-payment-intent/guest, with the line's token), the test card (POST
 * /api/test-payments/confirm) and the order (POST /auth/adminOrders/guest). A buyer the card step refuses reloads the
 * product page instead (GET /api/products/{id}, twice), as a shopper would. Afterwards the table is read: orders, sold
 * out, queued, oversold (orders' units beyond M, or a shard below zero) and charged without an order (a captured
 * payment no order names), and each answer's p50/p95/p99.
 *
 * BENCH_DROP_BUYERS (N, default 2000), BENCH_DROP_UNITS (M, 200), BENCH_DROP_RAMP_S (the ramp, 20 s),
 * BENCH_DROP_CONNECTIONS (buyers at once at the ramp's top, 40), BENCH_DROP_LET_IN (buyers the line lets in a second
 * here, 5).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { DROP_RULES } from '../shared/drops';

const ROOT = path.resolve(__dirname, '..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BUYERS = env('BENCH_DROP_BUYERS', 2000);
const UNITS = env('BENCH_DROP_UNITS', 200);
const RAMP_S = env('BENCH_DROP_RAMP_S', 20);
const CONNECTIONS = env('BENCH_DROP_CONNECTIONS', 40);
/**
 * Buyers the line lets in a second here (DROP_LET_IN_PER_SECOND): one Node process plays every function on this
 * machine and takes about this many buyers' card steps, cards and orders a second; on AWS the line lets in Stripe's 16.
 */
const LET_IN = env('BENCH_DROP_LET_IN', 5);
/** Rounds of asks again under way at once (each up to CONNECTIONS at once). */
const ASK_ROUNDS = 3;
/** The ramp's steps: step k of 5 starts k/5 of the connections, each step a fifth of the buyers. */
const STEPS = 5;
const PRODUCT = 'drop-tee';

interface Sample {
  answer: string;
  ms: number;
}
interface LoadResult {
  samples: Sample[];
  /** Every payment intent a card step made (the table is asked about each afterwards). */
  intentIds: string[];
  seconds: number;
  buyers: number;
  /** The line: who stood in it, how long until let in, its longest, and how each buyer's place ended. */
  line: {
    waited: number;
    waitedThenIn: number;
    waitP50: number;
    waitP95: number;
    longest: number;
    letIn: number;
    soldOut: number;
    left: number;
  };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A buyer of the load process: their place in line, and when they joined, were let in, asked last. */
interface Buyer {
  i: number;
  token?: string;
  joinedAt: number;
  /** The line's first answer was `waiting`: this buyer stood in line. */
  waited: boolean;
  inAt?: number;
  /** When this buyer asks again (the page's askAgainSeconds after the last answer). */
  askAt?: number;
  /** Asked (or about to ask), since when: an answer not had in 125 s counts as the buyer gone. */
  asking?: number | false;
  done?: 'in' | 'sold_out' | 'left';
  /** Let in, its card step answered: it stops asking (as the page does once the order is paid). */
  carded?: boolean;
}

/**
 * One autocannon run over `items`: each connection takes the next item when its sequence begins again, so every
 * item is one pass through `sequence`; the connections must divide the items, so each is a whole number of passes.
 */
async function driveEvenly<T>(url: string, items: T[], sequence: Step<T>[], connections: number): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const queue = [...items];
  type Context = { item?: T; t0?: number } & Record<string, unknown>;
  const requests = sequence.map((step, index) => ({
    setupRequest: (request: Record<string, unknown>, context: Context) => {
      if (index === 0) context.item = queue.shift();
      context.t0 = Date.now();
      return { ...request, ...step.build(context.item as T, context) };
    },
    onResponse: (status: number, body: string, context: Context) =>
      step.onResponse(status, body, context.item as T, Date.now() - (context.t0 ?? Date.now()), context),
  }));
  await new Promise<void>((resolve, reject) =>
    autocannon(
      {
        url,
        connections,
        amount: items.length * sequence.length,
        maxConnectionRequests: (items.length / connections) * sequence.length,
        requests: requests as unknown as Request[],
        // A buyer's browser waits this long for an answer (seconds).
        timeout: 120,
      },
      (error: Error | null) => (error ? reject(error) : resolve()),
    ),
  );
}

interface Step<T> {
  build: (item: T, context: Record<string, unknown>) => Record<string, unknown>;
  onResponse: (status: number, body: string, item: T, ms: number, context: Record<string, unknown>) => void;
}

/**
 * `items` through `sequence` on up to `most` connections at once: n items over c connections are two even runs side
 * by side, n mod c connections taking one item more than the rest (a round of 1,531 asks is not one connection's).
 */
async function drive<T>(url: string, items: T[], sequence: Step<T>[], most: number): Promise<void> {
  if (!items.length) return;
  const connections = Math.min(most, items.length);
  const each = Math.floor(items.length / connections);
  const longer = items.length % connections;
  const split = longer * (each + 1);
  await Promise.all([
    longer ? driveEvenly(url, items.slice(0, split), sequence, longer) : undefined,
    driveEvenly(url, items.slice(split), sequence, connections - longer),
  ]);
}

/**
 * The load process: N buyers arrive over the ramp against `url` and join the drop's line (as its product page does
 * at the start: decision 0181); each asks again when the line says (every askAgainSeconds, keeping the place), and
 * only a buyer let in goes on to the card step (with the line's token), the test card and the order. A buyer the card
 * step tells "sold out" reloads the product page instead, twice. Prints the samples as JSON.
 */
async function load(url: string, startsAt: string): Promise<void> {
  // The buyers arrive from the drop's start (its product page joins the line then).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(startsAt) - Date.now())));
  const samples: Sample[] = [];
  const intentIds: string[] = [];
  const buyers: Buyer[] = [];
  const lineLengths: number[] = [];
  const note = (kind: string, status: number, body: string, ms: number) => {
    let code = '';
    try {
      code = status >= 400 ? String((JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '') : '';
    } catch {
      code = 'not json';
    }
    samples.push({ answer: `${kind} ${status}${code ? ` ${code}` : ''}`, ms });
  };
  const address = (i: number) => ({
    name: `Buyer ${i}`,
    email: `buyer${i}@example.com`,
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  });
  const json = { 'content-type': 'application/json' };
  const linePath = `/api/drops/${PRODUCT}/line`;
  const toBuy: Buyer[] = [];
  const purchases: Promise<void>[] = [];
  /** The line's answer to a buyer (joining or asking again). */
  const heard = (buyer: Buyer, kind: string, status: number, body: string, ms: number) => {
    buyer.asking = false;
    let answer: { state?: string; token?: string; askAgainSeconds?: number } = {};
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      /* counted as its status */
    }
    note(`${kind}${status === 200 ? ` ${answer.state}` : ''}`, status, status === 200 ? '' : body, ms);
    // A buyer let in keeps asking until the card step answers (the page's keeper: the place is kept 30 s a time).
    if (buyer.inAt) {
      if (status === 200) buyer.askAt = Date.now() + (answer.askAgainSeconds ?? 5) * 1000;
      return;
    }
    if (status !== 200) {
      // The place lost (409 line_left) or refused; a 429 or a server error: asked again later, the place is kept.
      if (status >= 400 && status < 500 && status !== 429) buyer.done = 'left';
      else buyer.askAt = Date.now() + 5000;
      return;
    }
    buyer.token = answer.token;
    if (kind === 'join' && answer.state === 'waiting') buyer.waited = true;
    if (answer.state === 'in') {
      buyer.done = 'in';
      buyer.inAt = Date.now();
      toBuy.push(buyer);
    } else if (answer.state === 'sold_out') buyer.done = 'sold_out';
    buyer.askAt = Date.now() + (answer.askAgainSeconds ?? 5) * 1000;
  };
  const ask = (kind: 'join' | 'ask again') => ({
    build: (buyer: Buyer) => {
      buyer.asking = Date.now();
      return {
        method: 'POST',
        path: linePath,
        headers: json,
        body: JSON.stringify(kind === 'join' ? {} : { token: buyer.token }),
      };
    },
    onResponse: (status: number, body: string, buyer: Buyer, ms: number) => heard(buyer, kind, status, body, ms),
  });
  const page = { method: 'GET', path: `/api/products/${PRODUCT}`, headers: { 'x-bench': 'reload' }, body: undefined };
  type Intent = { clientSecret: string; paymentIntentId: string } | null;
  const purchase = [
    {
      build: (buyer: Buyer) => ({
        method: 'POST',
        path: '/auth/create-payment-intent/guest',
        headers: json,
        body: JSON.stringify({
          cart: [{ id: PRODUCT, size: 'M', quantity: 1 }],
          shippingAddress: address(buyer.i),
          lineToken: buyer.token,
        }),
      }),
      onResponse: (status: number, body: string, buyer: Buyer, ms: number, context: Record<string, unknown>) => {
        buyer.carded = true;
        note('card step', status, body, ms);
        context.intent = status === 200 ? (JSON.parse(body) as Intent) : null;
        if (context.intent) intentIds.push((context.intent as NonNullable<Intent>).paymentIntentId);
      },
    },
    ...(['confirm', 'order'] as const).map((kind) => ({
      build: (buyer: Buyer, context: Record<string, unknown>) => {
        const intent = context.intent as Intent;
        if (!intent) return page;
        return kind === 'confirm'
          ? {
              method: 'POST',
              path: '/api/test-payments/confirm',
              headers: json,
              body: JSON.stringify({
                clientSecret: intent.clientSecret,
                card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
                billingName: `Buyer ${buyer.i}`,
                receiptEmail: `buyer${buyer.i}@example.com`,
              }),
            }
          : {
              method: 'POST',
              path: '/auth/adminOrders/guest',
              headers: json,
              body: JSON.stringify({ paymentIntentId: intent.paymentIntentId }),
            };
      },
      onResponse: (status: number, body: string, _buyer: Buyer, ms: number, context: Record<string, unknown>) =>
        note(context.intent ? kind : 'reload product page', status, body, ms),
    })),
  ];

  const began = Date.now();
  const perStep = Math.floor(BUYERS / STEPS);
  let arrived = 0;
  // The arrivals: five steps over the ramp, each a fifth of the buyers joining the line, more at once each step.
  const arrivals = Array.from({ length: STEPS }, (_, k) => {
    const count = k === STEPS - 1 ? BUYERS - perStep * (STEPS - 1) : perStep;
    const connections = Math.max(1, Math.round((CONNECTIONS * (k + 1)) / STEPS));
    return new Promise<void>((resolve, reject) =>
      setTimeout(
        () => {
          const wave = Array.from({ length: count }, () => {
            const buyer: Buyer = { i: arrived++, joinedAt: Date.now(), waited: false, asking: Date.now() };
            buyers.push(buyer);
            return buyer;
          });
          drive(url, wave, [ask('join')], connections).then(resolve, reject);
        },
        ((RAMP_S * 1000) / STEPS) * k,
      ),
    );
  });
  let askRounds = 0;
  let tick = 0;
  let arriving = true;
  void Promise.all(arrivals).then(() => (arriving = false));
  // Each second: the buyers let in go to the card step; the ones whose time to ask again has come ask.
  while (arriving || buyers.some((buyer) => !buyer.done || (buyer.done === 'in' && !buyer.carded)) || toBuy.length) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    lineLengths.push(buyers.filter((buyer) => !buyer.done && buyer.token).length);
    if (toBuy.length) purchases.push(drive(url, toBuy.splice(0), purchase, CONNECTIONS));
    const now = Date.now();
    for (const buyer of buyers) if (!buyer.done && buyer.asking && now - buyer.asking > 125_000) buyer.done = 'left';
    // A round of the asks now due each second, CONNECTIONS at once, and at most ASK_ROUNDS rounds under way: one Node
    // process plays every function here, and rounds piled on rounds would only slow every answer (AWS gives each ask
    // its own Lambda); a round waiting on its slowest answer does not hold back the buyers due after it.
    const due = buyers.filter(
      (buyer) =>
        (!buyer.done || (buyer.done === 'in' && !buyer.carded)) && !buyer.asking && buyer.askAt && buyer.askAt <= now,
    );
    if (due.length && askRounds < ASK_ROUNDS) {
      for (const buyer of due) buyer.asking = now;
      askRounds++;
      void drive(url, due, [ask('ask again')], CONNECTIONS).finally(() => askRounds--);
    }
    if (++tick % 5 === 0) {
      const where = (done: Buyer['done']) => buyers.filter((buyer) => buyer.done === done).length;
      process.stderr.write(
        `${tick} s: ${buyers.length} arrived, ${lineLengths.at(-1)} in line, let in ${where('in')}, sold out ${where('sold_out')}, left ${where('left')}, orders ${samples.filter((x) => x.answer === 'order 201').length}\n`,
      );
    }
  }
  await Promise.all(purchases);
  const waits = buyers.filter((buyer) => buyer.waited && buyer.inAt).map((buyer) => buyer.inAt! - buyer.joinedAt);
  const result: LoadResult = {
    samples,
    intentIds,
    seconds: (Date.now() - began) / 1000,
    buyers: buyers.length,
    line: {
      waited: buyers.filter((buyer) => buyer.waited).length,
      waitedThenIn: waits.length,
      waitP50: pct(waits, 50),
      waitP95: pct(waits, 95),
      longest: Math.max(0, ...lineLengths),
      letIn: buyers.filter((buyer) => buyer.done === 'in').length,
      soldOut: buyers.filter((buyer) => buyer.done === 'sold_out').length,
      left: buyers.filter((buyer) => buyer.done === 'left').length,
    },
  };
  process.stdout.write(JSON.stringify(result));
}

/** The orchestrator: the stack, the drop, the load process, then what the table says. */
async function main(): Promise<void> {
  // The functions' log lines stay out of the table.
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.DROP_LET_IN_PER_SECOND = String(LET_IN);
  const { startLocalStack } = await import('../functions/local/stack');
  const { freePort } = await import('../functions/local/processes');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-drop-'));
  const port = await freePort();
  const stack = await startLocalStack({
    port,
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    dataDir,
    webDir: path.join(ROOT, 'web', 'dist'),
    admin: { email: 'admin@example.com', password: 'ShopAdmin1' },
    // Every buyer comes from this one address here; in AWS each has their own, and WAF counts each apart.
    rateLimits: { enabled: false },
  });
  try {
    await stack.ready;
    const { products } = await import('../functions/db/entities/product');
    const { stockItems } = await import('../functions/db/entities/stock-item');
    const { stockShards } = await import('../functions/db/entities/stock-shard');
    const { testPaymentIntents } = await import('../functions/db/entities/test-payment-intent');
    const { orderPayments } = await import('../functions/db/entities/order-payment');
    const { orders } = await import('../functions/db/entities/order');
    const { setUpDrop, dropView } = await import('../functions/domain/stock/drops');
    await stockItems.create({ id: 'DROP-TEE', stock: { S: 0, M: UNITS, L: 0, XL: 0, '2XL': 0 } });
    await products.create({
      id: PRODUCT,
      name: 'Holiday Drop Tee',
      image: '/images/products/x.svg',
      description: 'Limited run',
      price: 3000,
      tag: 'tees',
      stockRef: 'DROP-TEE',
    });
    // The drop starts at the next whole minute at least 15 s away (the owner's form takes minutes), with a line.
    const startAt = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000;
    const local = new Date(startAt).toLocaleString('sv-SE', { timeZone: 'America/New_York' });
    const drop = await setUpDrop(PRODUCT, {
      sizes: ['M'],
      startsAt: local.slice(0, 16).replace(' ', 'T'),
      limit: 1,
      line: true,
    });

    const child = spawn(process.execPath, ['--import', 'tsx', __filename, 'load', stack.url, drop.startsAt], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    const result = JSON.parse(out) as LoadResult;

    const after = await dropView(PRODUCT);
    const shards = await stockShards.getMany(
      Array.from({ length: drop.sizes[0].shards }, (_, shard) => ({ cell: 'stockItem|DROP-TEE|M', shard })),
    );
    const intents = await testPaymentIntents.getMany(result.intentIds.map((id) => ({ id })));
    const captured = intents.filter((intent) => intent.status === 'succeeded');
    const pointers = await orderPayments.getMany(captured.map((intent) => ({ intentId: intent.id })));
    const written = await orders.getMany(pointers.map((pointer) => ({ orderNumber: pointer.orderNumber })));
    const unitsSold = written.reduce((n, order) => n + order.lines.reduce((m, line) => m + line.quantity, 0), 0);
    const byAnswer = new Map<string, number[]>();
    for (const sample of result.samples)
      byAnswer.set(sample.answer, [...(byAnswer.get(sample.answer) ?? []), sample.ms]);
    const count = (answer: string) => byAnswer.get(answer)?.length ?? 0;
    const lines = [
      `| Buyers / units | ${result.buyers} / ${UNITS} over a ${RAMP_S} s ramp from the start, up to ${CONNECTIONS} at once, ${drop.sizes[0].shards} shards, a line letting in ${DROP_RULES.letInBurst} + ${LET_IN} a second |`,
      `| Orders | ${count('order 201')} (units sold ${unitsSold}) in ${result.seconds.toFixed(1)} s |`,
      `| Sold out | ${count('card step 409 out_of_stock')} at the card step, ${count('order 409 out_of_stock')} after their card was authorized (authorization cancelled: ${intents.filter((i) => i.status === 'canceled').length}) |`,
      `| Queued | ${result.line.waited} stood in line (its longest ${result.line.longest}); ${result.line.waitedThenIn} of them let in after a wait of ${(result.line.waitP50 / 1000).toFixed(1)} s (p50), ${(result.line.waitP95 / 1000).toFixed(1)} s (p95) |`,
      `| The line's end for each buyer | let in ${result.line.letIn}, told sold out in line ${result.line.soldOut}, left or lost ${result.line.left} |`,
      `| Card steps without a place let in | ${count('card step 409 drop_line')} (refused before any call to the payment processor) |`,
      `| Oversold | ${Math.max(0, unitsSold - UNITS) + shards.filter((s) => s.units < 0).length} (shards left ${shards.map((s) => s.units).join('+')} = ${after.sizes[0].units}; sum check ${after.sizes[0].sumHolds ? 'holds' : 'FAILS'}) |`,
      `| Charged without an order | ${captured.length - written.length} (captured ${captured.length}, orders ${written.length}) |`,
      `| Orders not answered within 120 s | ${count('confirm 200') - count('order 201') - count('order 409 out_of_stock')} (the order is recorded all the same: the browser's next call, the webhook or the settle job finds it) |`,
      `| Authorized and left held | ${intents.filter((i) => i.status === 'requires_capture').length} |`,
      '',
      '| Answer | count | p50 | p95 | p99 |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...[...byAnswer.entries()]
        .sort((a, b) => b[1].length - a[1].length)
        .map(
          ([answer, ms]) => `| ${answer} | ${ms.length} | ${pct(ms, 50)} ms | ${pct(ms, 95)} ms | ${pct(ms, 99)} ms |`,
        ),
    ];
    console.log(lines.join('\n'));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'load') void load(process.argv[3], process.argv[4]);
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
