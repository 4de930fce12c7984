import { addDays, shopDay } from '#shared/gift-cards';
import { DEVICE_CLASSES, FUNNEL_SHARDS, FUNNEL_STEPS, type DeviceClass, type FunnelStep } from '#shared/funnel';
import { daysBetween } from '#shared/reports';
import type { Funnel } from '#shared/schemas/funnel';
import { funnelCounts, type FunnelCountRecord } from '../../db/entities/funnel-count';

type Counts = Record<FunnelStep, number>;
const none = (): Counts => ({ view: 0, cart: 0, checkout: 0, card: 0, paid: 0 });

/**
 * One page's beacon (issue 56 item 2, docs/decisions/0167): each step that happened on it adds one to its counter of
 * today, the device class and the source, in a random one of FUNNEL_SHARDS items (an ADD, never a shared item of the
 * take: the beacon is its own request, after the page's work). Stores nothing of who sent it.
 */
export async function countSteps(input: {
  steps: readonly FunnelStep[];
  source: string;
  device: DeviceClass;
  now?: Date;
}): Promise<{ counted: number }> {
  const day = shopDay(input.now ?? new Date());
  const shard = Math.floor(Math.random() * FUNNEL_SHARDS);
  await Promise.all(
    input.steps.map((step) =>
      funnelCounts.update(
        { day, step, device: input.device, source: input.source, shard },
        { add: { count: 1 } },
        { upsert: true },
      ),
    ),
  );
  return { counted: input.steps.length };
}

const add = (into: Counts, record: FunnelCountRecord) => {
  if ((FUNNEL_STEPS as readonly string[]).includes(record.step)) into[record.step as FunnelStep] += record.count;
};

/** The counters of the shop days `from` to `to`: one query per day (its partition). */
async function countsOf(from: string, to: string): Promise<FunnelCountRecord[]> {
  return (await Promise.all(daysBetween(from, to).map((day) => funnelCounts.query('byDay', { day })))).flat();
}

/** The funnel over a range, by device class and source, with the 7 days before it beside it. */
export async function funnel(from: string, to: string): Promise<Funnel> {
  const before = { from: addDays(from, -7), to: addDays(from, -1) };
  const [records, earlier] = await Promise.all([countsOf(from, to), countsOf(before.from, before.to)]);
  const counts = none();
  const previous = none();
  const devices = new Map<DeviceClass, Counts>(DEVICE_CLASSES.map((device) => [device, none()]));
  const sources = new Map<string, Counts>();
  for (const record of records) {
    add(counts, record);
    const device = devices.get(record.device as DeviceClass);
    if (device) add(device, record);
    if (!sources.has(record.source)) sources.set(record.source, none());
    add(sources.get(record.source)!, record);
  }
  for (const record of earlier) add(previous, record);
  return {
    from,
    to,
    counts,
    weekBefore: { ...before, counts: previous },
    byDevice: [...devices].map(([device, ofDevice]) => ({ device, counts: ofDevice })),
    bySource: [...sources]
      .map(([source, ofSource]) => ({ source, counts: ofSource }))
      .sort((a, b) => b.counts.view - a.counts.view || a.source.localeCompare(b.source)),
  };
}
