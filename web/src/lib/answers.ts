import type * as z from '#shared/schemas/zod';
import { api } from './api';

/**
 * The public catalogue answers (GET, no user: a page of a product list, a product, a page of search results) as the
 * route loaders read them (app/loaders.ts, docs/decisions/0076). One copy per URL: an answer is used again while
 * fresh (30 s, as long as CloudFront keeps it, decision 0045), so Load more, back and forward ask only for what is
 * missing, and two loaders asking at once share one request. The page function's HTML carries the answers its page
 * shows (`<script id="shop-data">`, decision 0058): they are read first, so the first page needs no request.
 * No hooks and no race guards: the router runs the loaders, drops the ones a newer navigation replaced and hands
 * the page its data.
 */
export const FRESH_MS = 30_000;

interface Kept {
  at: number;
  answer: Promise<unknown>;
  /** The answer once it is here (read at once, without waiting for the promise). */
  data?: unknown;
}
const kept = new Map<string, Kept>();
let seeded = false;

/** Answers the page function embedded in the HTML, by API URL (read once, then removed from the page). */
function seedFromPage(): void {
  if (seeded || typeof document === 'undefined') return;
  seeded = true;
  const script = document.getElementById('shop-data');
  if (!script?.textContent) return;
  try {
    const answers = JSON.parse(script.textContent) as Record<string, unknown>;
    for (const [url, data] of Object.entries(answers))
      kept.set(url, { at: Date.now(), answer: Promise.resolve(data), data });
  } catch {
    // A broken blob is ignored: the loaders ask the API instead.
  }
  script.remove();
}

function fresh(url: string): Kept | undefined {
  seedFromPage();
  const entry = kept.get(url);
  return entry && Date.now() - entry.at < FRESH_MS ? entry : undefined;
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
  kept.set(url, asked);
  return asked.answer as Promise<z.output<S>>;
}

/** The answer at once when it is held, else the promise of it: for what a page may show a moment later (a strip). */
export function answerNowOrLater<S extends z.ZodMiniType>(url: string, schema: S): z.output<S> | Promise<z.output<S>> {
  return heldAnswer(url, schema) ?? answer(url, schema);
}

/** Tests: forget every answer (and read the page's embedded answers again). */
export function forgetAnswers(): void {
  kept.clear();
  seeded = false;
}
