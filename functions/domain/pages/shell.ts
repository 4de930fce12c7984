import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readEnv } from '../../lib/env';
import { getTextIfChanged } from '../../lib/storage';

/** How long a warm function serves the index.html it read before asking S3 whether it changed. */
export const SHELL_TTL_MS = 60_000;
let cached: { html: string; etag?: string; checkedAt: number } | null = null;
const manifests = new Map<string, { text: string; etag?: string; checkedAt: number }>();

/**
 * The built SPA's index.html, the page every crawler page is made from. In AWS it is read from the SPA bucket
 * (the deploy uploads it there; docs/decisions/0028), kept for a minute, then revalidated with If-None-Match, so
 * a deploy reaches the page function within a minute with no redeploy of the function. Locally (and in tests)
 * it is read from WEB_DIR (web/dist) on each call, so a rebuild shows at once.
 */
export async function readShell(): Promise<string> {
  const env = readEnv();
  if (env.WEB_DIR) return readFile(path.join(env.WEB_DIR, 'index.html'), 'utf8');
  if (!env.SPA_BUCKET)
    throw new Error('Neither SPA_BUCKET nor WEB_DIR is set: the page function cannot find index.html');
  if (cached && Date.now() - cached.checkedAt < SHELL_TTL_MS) return cached.html;
  const fresh = await getTextIfChanged(env.SPA_BUCKET, 'index.html', cached?.etag);
  cached = fresh
    ? { html: fresh.text, etag: fresh.etag, checkedAt: Date.now() }
    : { ...cached!, checkedAt: Date.now() };
  return cached.html;
}

/** One chunk of vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

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

/**
 * The files a page's code needs beyond what index.html already loads: its chunk and the chunks it imports
 * (modulepreload) and their CSS, so they download beside the main bundle instead of after it ran.
 */
export function pageAssets(manifest: Manifest, source: string): { scripts: string[]; styles: string[] } {
  // The app's entry is index.html's (the boot script is an entry of its own, loaded only by the page function).
  const entry = manifest['index.html'] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  walk(source, needed);
  const extra = [...needed].filter((key) => !loaded.has(key));
  return {
    scripts: extra.map((key) => `/${manifest[key].file}`),
    styles: [...new Set(extra.flatMap((key) => manifest[key].css ?? []))].map((file) => `/${file}`),
  };
}

/**
 * The boot script of pages that paint from their HTML (web/src/boot.ts), from vite's manifest; undefined without one.
 */
export const bootScript = (manifest: Manifest): string | undefined =>
  manifest['src/boot.ts'] ? `/${manifest['src/boot.ts'].file}` : undefined;

/** Tests: forget the kept copies. */
export function forgetShell(): void {
  cached = null;
  manifests.clear();
}
