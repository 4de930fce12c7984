import { model, type Timestamps } from '../table';

/**
 * A drop's line (docs/decisions/0171): the count of numbers given out (one ADD per buyer who joins; `round` is the
 * drop's version, so a drop set up again starts a new line) and each number's ticket, with when its buyer last asked.
 */
export interface DropLineCountRecord extends Timestamps {
  productId: string;
  round: number;
  joined: number;
}

export const dropLineCounts = model<DropLineCountRecord, 'productId' | 'round', 'joined'>({
  entity: 'dropLine',
  pk: ['productId', 'round'],
  defaults: () => ({ joined: 0 }),
});

export interface DropTicketRecord extends Timestamps {
  productId: string;
  round: number;
  number: number;
  seenAt: string;
  /** the table TTL (epoch seconds): a day after the buyer last asked. */
  expiresAt: number;
}

/** Each ticket its own partition key (a busy line's asks spread over the table). */
export const dropTickets = model<DropTicketRecord, 'productId' | 'round' | 'number'>({
  entity: 'dropTicket',
  pk: ['productId', 'round', 'number'],
});
