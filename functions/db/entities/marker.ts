import { model, type Timestamps } from '../table';

/**
 * One-per-table notes of work done once or in steps (keys `meta#<name>` / `meta#<name>`), read with one GetItem by
 * the job that checks them.
 */

/** Where a build of the catalogue index by the job stands, kept between its runs (a build may take several). */
export interface CatalogIndexBuild {
  version: number;
  phase: 'entries' | 'strays';
  /** Entries phase: the next page of listed products (null: from the start). */
  cursor: Record<string, unknown> | null;
  /** Strays phase: the words already cleaned. */
  wordsDone: string[];
}

/** The catalogue index's marker (docs/decisions/0043, 0049): the version it was built for, or the build under way. */
export interface CatalogIndexMarkerRecord extends Timestamps {
  name: 'catalog-index';
  /** The index version the entries were built for (set once a build finished). */
  version?: number;
  builtAt?: string;
  /** A build under way: who holds the lease, until when (epoch ms), and how far it got. */
  owner?: string;
  leaseUntil?: number;
  build?: CatalogIndexBuild;
}

export const catalogIndexMarker = model<CatalogIndexMarkerRecord, 'name'>({
  entity: 'meta',
  pk: ['name'],
  sk: ['name'],
});

/** Cancellations from before their to-do items got theirs (docs/decisions/0048): once per table. */
export interface CancellationsTrackedRecord extends Timestamps {
  name: 'cancellations-due';
  trackedAt: string;
}

export const cancellationsTracked = model<CancellationsTrackedRecord, 'name'>({
  entity: 'meta',
  pk: ['name'],
  sk: ['name'],
});

/**
 * The demo data `npm start` seeded into this table (functions/local/seed.ts): once, so a restart does not seed twice.
 */
export interface SeedMarkerRecord extends Timestamps {
  name: 'seed' | 'seed-promo';
  seededAt: string;
}

export const seedMarker = model<SeedMarkerRecord, 'name'>({ entity: 'meta', pk: ['name'], sk: ['name'] });

/**
 * The order number counter (docs/decisions/0102): `last` is how many numbers were given; an order's number is
 * FIRST_ORDER_NUMBER - 1 + the value its increment answered (shared/order-number.ts). Never counted down.
 */
export interface OrderCounterRecord extends Timestamps {
  name: 'order-number';
  last: number;
}

export const orderCounter = model<OrderCounterRecord, 'name'>({ entity: 'meta', pk: ['name'], sk: ['name'] });

/** The quote number counter (docs/decisions/0112): a quote's number is 1000 + the value its increment answered. */
export interface QuoteCounterRecord extends Timestamps {
  name: 'quote-number';
  last: number;
}

export const quoteCounter = model<QuoteCounterRecord, 'name'>({ entity: 'meta', pk: ['name'], sk: ['name'] });
