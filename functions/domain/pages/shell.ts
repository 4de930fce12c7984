import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from '#shared/first-paint';
import { readEnv } from '../../lib/env';
import { getTextIfChanged } from '../../lib/storage';

/** How long a warm function serves the index.html it read before asking S3 whether it changed. */
export const SHELL_TTL_MS = 60_000;
const shells = new Map<string, { html: string; etag?: string; checkedAt: number }>();
const manifests = new Map<string, { text: string; etag?: string; checkedAt: number }>();

/**
 * The built SPA's index.html, the page every crawler page is made from, or a page's first screen built from it
 * (`first/home.html`, shared/first-paint.ts); index.html when the build has no such file. In AWS it is read from the
 * SPA bucket (the deploy uploads it there; docs/decisions/0028), kept for a minute, then revalidated with
 * If-None-Match (lib/storage.ts: S3's GetObject), so a deploy reaches the page function within a minute with no
 * redeploy of the function. Locally (and in tests) it is read from WEB_DIR (web/dist) on each call, so a rebuild
 * shows at once.
 */
export async function readShell(file = 'index.html'): Promise<string> {
  const env = readEnv();
  if (env.WEB_DIR) {
    try {
      return await readFile(path.join(env.WEB_DIR, file), 'utf8');
    } catch (error) {
      if (file === 'index.html' || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return readShell();
    }
  }
  if (!env.SPA_BUCKET)
    throw new Error('Neither SPA_BUCKET nor WEB_DIR is set: the page function cannot find index.html');
  const kept = shells.get(file);
  if (kept && Date.now() - kept.checkedAt < SHELL_TTL_MS) return kept.html;
  let fresh: Awaited<ReturnType<typeof getTextIfChanged>>;
  try {
    fresh = await getTextIfChanged(env.SPA_BUCKET, file, kept?.etag);
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (file === 'index.html' || (status !== 404 && status !== 403)) throw error;
    return readShell();
  }
  const entry = fresh
    ? { html: fresh.text, etag: fresh.etag, checkedAt: Date.now() }
    : { ...kept!, checkedAt: Date.now() };
  shells.set(file, entry);
  return entry.html;
}

/**
 * vite's build manifest, from the same place as index.html (kept and revalidated the same way); null when there
 * is none (then pages are served without the preloads it allows).
 */
export async function readManifest(): Promise<Manifest | null> {
  const env = readEnv();
  const key = '.vite/manifest.json';
  try {
    if (env.WEB_DIR) return JSON.parse(await readFile(path.join(env.WEB_DIR, key), 'utf8')) as Manifest;
    if (!env.SPA_BUCKET) return null;
    const kept = manifests.get(env.SPA_BUCKET);
    if (kept && Date.now() - kept.checkedAt < SHELL_TTL_MS) return JSON.parse(kept.text) as Manifest;
    const fresh = await getTextIfChanged(env.SPA_BUCKET, key, kept?.etag);
    const entry = fresh
      ? { text: fresh.text, etag: fresh.etag, checkedAt: Date.now() }
      : { ...kept!, checkedAt: Date.now() };
    manifests.set(env.SPA_BUCKET, entry);
    return JSON.parse(entry.text) as Manifest;
  } catch {
    return null;
  }
}

/** Tests: forget the kept copies. */
export function forgetShell(): void {
  shells.clear();
  manifests.clear();
}
