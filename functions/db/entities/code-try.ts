import { model, type Timestamps } from '../table';

/**
 * Wrong codes one client typed in one window, per kind of code (`gift-card`, `promo`: docs/decisions/0126, 0139), key
 * `codeTry#<kind>#<client>` / `codeTry#<window>`: a try is added before a code is looked up, on the condition that the
 * count is below the kind's budget, and taken off again when the code was right. Gone by TTL after its window.
 */
export interface CodeTryRecord extends Timestamps {
  kind: 'gift-card' | 'promo';
  client: string;
  /** The window's number: epoch minutes / the kind's window length. */
  window: string;
  wrong: number;
  expiresAt: number;
}

export const codeTries = model<CodeTryRecord, 'kind' | 'client' | 'window'>({
  entity: 'codeTry',
  pk: ['kind', 'client'],
  sk: ['window'],
});
