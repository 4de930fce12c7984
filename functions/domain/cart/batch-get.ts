/**
 * Reads every key of a batch get. ElectroDB hands back the keys DynamoDB left unprocessed (throttling, the 16 MB
 * limit) instead of retrying them; here they are asked for again with backoff, so a busy table never silently
 * drops a cart line or a rating. Keys with no item are simply absent from the result.
 */
export async function batchGetAll<K, T>(get: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>, keys: K[], attempts = 6): Promise<T[]> {
  const found: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length && attempt < attempts; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    const { data, unprocessed } = await get(pending);
    found.push(...data.filter((item): item is T => item != null));
    pending = unprocessed;
  }
  if (pending.length) throw new Error(`Batch get left ${pending.length} keys unprocessed`);
  return found;
}
