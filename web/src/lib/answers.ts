import type * as z from '#shared/schemas/zod';
import { api } from './api';

/**
 * The public catalogue answers (GET, no user: a page of a product list, a product, a page of search results) as the
 * route loaders read them (features/catalog/loaders.ts, docs/decisions/0076). One copy per URL: an answer is used
 * again while fresh (30 s, as long as CloudFront keeps it, decision 0045), so Load more, back and forward ask only for
 * what is missing, and two loaders asking at once share one request. The page function's HTML carries the answers its
 * page shows (`<script id="shop-data">`, decision 0058): they are read first, so the first page needs no request.
 * Bounded (docs/decisions/0098): at most KEPT_ANSWERS, the least recently used going first, and none past its 30 s;
 * emptied when the shopper signs out (features/auth/AuthProvider.tsx).
 * No hooks and no race guards: the router runs the loaders, drops the ones a newer navigation replaced and hands
 * the page its data.
 */
export const FRESH_MS = 30_000;
/**
 * The most answers kept: a category's most pages shown at once (MAX_PAGES in components/productPages.ts, 40), so Load
 * more after them still asks for one page, with room for the hot strip and the products opened around them.
 */
export const KEPT_ANSWERS = 60;

interface Kept {
  at: number;
  answer: Promise<unknown>;
  /** The answer once it is here (read at once, without waiting for the promise). */
  data?: unknown;
}
/** By URL, the least recently used first (a Map keeps the order entries were set in). */
const kept = new Map<string, Kept>();
let seeded = false;

const isFresh = (entry: Kept, now = Date.now()) => now - entry.at < FRESH_MS;

/** Keeps `entry` as the most recently used; answers past their time go, then the least recently used over the bound. */
function keep(url: string, entry: Kept): void {
  kept.delete(url);
  kept.set(url, entry);
  const now = Date.now();
  for (const [key, old] of kept) if (!isFresh(old, now)) kept.delete(key);
  for (const key of kept.keys()) {
    if (kept.size <= KEPT_ANSWERS) break;
    kept.delete(key);
  }
}

/** Answers the page function embedded in the HTML, by API URL (read once, then removed from the page). */
function seedFromPage(): void {
  if (seeded || typeof document === 'undefined') return;
  seeded = true;
  const script = document.getElementById('shop-data');
  if (!script?.textContent) return;
  try {
    const answers = JSON.parse(script.textContent) as Record<string, unknown>;
    for (const [url, data] of Object.entries(answers))
      keep(url, { at: Date.now(), answer: Promise.resolve(data), data });
  } catch {
    // A broken blob is ignored: the loaders ask the API instead.
  }
  script.remove();
}

/** The answer of `url` while fresh (now the most recently used), else undefined (one past its time goes). */
function fresh(url: string): Kept | undefined {
  seedFromPage();
  const entry = kept.get(url);
  if (!entry) return undefined;
  if (!isFresh(entry)) {
    kept.delete(url);
    return undefined;
  }
  keep(url, entry);
  return entry;
}

/** The answer of `url` when it is already here and fresh, else undefined: what a loader hands over without waiting. */
export function heldAnswer<S extends z.ZodMiniType>(url: string, schema: S): z.output<S> | undefined {
  const entry = fresh(url);
  return entry?.data === undefined ? undefined : schema.parse(entry.data);
}

/** The answer of `url`: the one held while fresh, else asked for (once, however many loaders ask meanwhile). */
export function answer<S extends z.ZodMiniType>(url: string, schema: S): Promise<z.output<S>> {
  const entry = fresh(url);
  if (entry) return entry.answer.then((data) => schema.parse(data));
  const asked: Kept = { at: Date.now(), answer: api(url, schema) };
  asked.answer.then(
    (data) => (asked.data = data),
    // A failure is not kept: the next loader asks again.
    () => kept.get(url) === asked && kept.delete(url),
  );
  keep(url, asked);
  return asked.answer as Promise<z.output<S>>;
}

/** The answer at once when it is held, else the promise of it: for what a page may show a moment later (a strip). */
export function answerNowOrLater<S extends z.ZodMiniType>(url: string, schema: S): z.output<S> | Promise<z.output<S>> {
  return heldAnswer(url, schema) ?? answer(url, schema);
}

/**
 * Forgets every answer (and reads the page's embedded answers again, when it still has them): at sign-out, so the next
 * shopper on this tab starts from the server's answers, and between tests.
 */
export function forgetAnswers(): void {
  kept.clear();
  seeded = false;
}

/** How many answers are kept now (tests: the bound). */
export const keptAnswers = (): number => kept.size;
