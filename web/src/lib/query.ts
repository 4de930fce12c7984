import { useEffect, useState } from 'react';
import type * as z from '../../../shared/schemas/zod';
import { api } from './api';

/**
 * A small query cache for public GET answers (product lists, a product, search): a route's loader starts the
 * request with the route (not after its first render), pages read the answer by URL, and one visit asks for a
 * list once (answers stay fresh 30 s, as long as CloudFront keeps them). The page function's HTML carries the
 * answers its page shows (`<script id="shop-data">`): those are read first, so the first render already has them.
 */
export const FRESH_MS = 30_000;

interface Entry {
  at: number;
  promise: Promise<unknown>;
  data?: unknown;
  error?: unknown;
}
const cache = new Map<string, Entry>();
let seeded = false;

/** Answers the page function embedded in the HTML, by API URL (read once, then removed from the page). */
function seedFromPage(): void {
  if (seeded || typeof document === 'undefined') return;
  seeded = true;
  const script = document.getElementById('shop-data');
  if (!script?.textContent) return;
  try {
    const answers = JSON.parse(script.textContent) as Record<string, unknown>;
    for (const [url, data] of Object.entries(answers)) cache.set(url, { at: Date.now(), promise: Promise.resolve(data), data });
  } catch {
    // A broken blob is ignored: the page asks the API instead.
  }
  script.remove();
}

function entryFor<S extends z.ZodMiniType>(url: string, schema: S): Entry {
  seedFromPage();
  const kept = cache.get(url);
  if (kept && !kept.error && Date.now() - kept.at < FRESH_MS) return kept;
  const entry: Entry = { at: Date.now(), promise: Promise.resolve() };
  entry.promise = api(url, schema).then(
    (data) => {
      entry.data = data;
      return data;
    },
    (error: unknown) => {
      entry.error = error;
      throw error;
    },
  );
  // A failure is reported to the page that reads it; here it must not be an unhandled rejection.
  entry.promise.catch(() => undefined);
  cache.set(url, entry);
  return entry;
}

/** Starts (or reuses) the request for `url`: what route loaders call. */
export function prefetch<S extends z.ZodMiniType>(url: string, schema: S): void {
  entryFor(url, schema);
}

/** What a page shows of `url`: the answer (validated by `schema`), undefined while loading, or the error. */
export function useQuery<S extends z.ZodMiniType>(url: string | null, schema: S): { data: z.output<S> | undefined; error: unknown } {
  // Reading never starts a request; mounting does (or reuses the loader's), and a failed answer is asked again.
  const read = (entry: Entry | undefined) => ({
    url,
    data: entry?.data === undefined ? undefined : (schema.parse(entry.data) as z.output<S>),
    error: entry?.error,
  });
  const start = () => (url === null ? undefined : entryFor(url, schema));
  const [state, setState] = useState(() => read(start()));
  const current = state.url === url ? state : read(url === null ? undefined : cache.get(url));
  useEffect(() => {
    if (url === null) return;
    let live = true;
    const entry = cache.get(url) && !cache.get(url)!.error ? cache.get(url)! : start()!;
    const settle = () => live && setState(read(entry));
    if (entry.data !== undefined || entry.error !== undefined) settle();
    else entry.promise.then(settle, settle);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the schema is a module constant
  }, [url]);
  return { data: current.data, error: current.error };
}

/** The answer already held for `url` (fresh or not: what a page shows at once when the visitor comes back), or undefined. */
export function peek<S extends z.ZodMiniType>(url: string, schema: S): z.output<S> | undefined {
  seedFromPage();
  const kept = cache.get(url);
  return kept?.data === undefined ? undefined : (schema.parse(kept.data) as z.output<S>);
}

/** The answer of `url` (from the cache while fresh, else asked for): for pages that chain requests (Load more). */
export function fetchQuery<S extends z.ZodMiniType>(url: string, schema: S): Promise<z.output<S>> {
  return entryFor(url, schema).promise.then((data) => schema.parse(data) as z.output<S>);
}

/** Tests: forget every answer (and read the page's embedded answers again). */
export function resetQueryCache(): void {
  cache.clear();
  seeded = false;
}
