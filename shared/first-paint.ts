import { escapeHtml } from './sanitize';

/**
 * A page's first screen in its first HTML (docs/decisions/0058 and 0120): the built index.html with the page's own
 * HTML in the static shell's main, the page's CSS as a stylesheet, and the app started after that first paint by the
 * boot script. Used at build time for the pages whose first screen is fixed (web/vite.config.mts writes
 * web/dist/first/*.html) and by the page function for a product's photo (functions/domain/pages).
 */

/** One chunk of vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The static shell's empty main (web/src/app/staticShell.tsx), where a page's first HTML goes. */
export const SHELL_MAIN = '<main id="main"></main>';

/**
 * The files a page's code needs beyond what index.html already loads: its chunks and the chunks they import
 * (modulepreload) and their CSS, so they download beside the main bundle instead of after it ran. A chunk comes
 * after the chunks it imports, as vite orders index.html's: the boot script runs them in that order, one per task
 * (web/src/boot.ts, docs/decisions/0133), so each runs only its own modules.
 */
export function pageAssets(manifest: Manifest, ...sources: string[]): { scripts: string[]; styles: string[] } {
  // The app's entry is index.html's (the boot script is an entry of its own, loaded only by pages that paint first).
  const entry = manifest['index.html'] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>, seen = new Set<string>()) => {
    if (seen.has(key) || into.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into, seen);
    into.add(key);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  for (const source of sources) walk(source, needed);
  const extra = [...needed].filter((key) => !loaded.has(key));
  return {
    scripts: extra.map((key) => `/${manifest[key].file}`),
    styles: [...new Set(extra.flatMap((key) => manifest[key].css ?? []))].map((file) => `/${file}`),
  };
}

/** The boot script of pages that paint from their HTML (web/src/boot.ts), from vite's manifest. */
export const bootScript = (manifest: Manifest): string | undefined =>
  manifest['src/boot.ts'] ? `/${manifest['src/boot.ts'].file}` : undefined;

/**
 * A page that paints from its HTML starts its app after that paint (docs/decisions/0058): vite's module script and
 * the modulepreloads (its own and the page's) leave the head, and the boot script (web/src/boot.ts) loads them
 * once the page has painted, so nothing competes with the first screen. HTML not shaped as vite writes it (one
 * module script) is left as it is.
 */
export function appAfterFirstPaint(html: string, boot: string): string {
  const apps: string[] = [];
  const preloads: string[] = [];
  const without = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
      apps.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  if (apps.length !== 1) return html;
  const tag = `<script type="module" crossorigin src="${escapeHtml(boot)}" data-app="${escapeHtml(apps[0])}" data-preload="${escapeHtml(preloads.join(' '))}"></script>`;
  const at = without.search(/<\/head>/i);
  return `${without.slice(0, at)}  ${tag}\n  ${without.slice(at)}`;
}

/** Whether HTML already is a page's first screen (its app starts from the boot script). */
export const hasFirstScreen = (html: string) => /<script type="module"[^>]* data-app="/.test(html);

/**
 * The built index.html as one page's first screen: `main` (HTML) in the shell's main, the CSS of the page's modules
 * (vite manifest keys) as stylesheets, their code preloaded by the boot script once the first screen has painted.
 */
export function composeFirstScreen(index: string, main: string, manifest: Manifest, modules: string[]): string {
  if (!index.includes(SHELL_MAIN)) throw new Error(`index.html has no ${SHELL_MAIN} for a first screen`);
  const boot = bootScript(manifest);
  if (!boot) throw new Error('vite manifest has no src/boot.ts');
  const { scripts, styles } = pageAssets(manifest, ...modules);
  const links = [
    ...styles.map((style) => `<link rel="stylesheet" crossorigin href="${escapeHtml(style)}" />`),
    ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="${escapeHtml(script)}" />`),
  ];
  const at = index.search(/<\/head>/i);
  const withLinks = `${index.slice(0, at)}  ${links.join('\n    ')}\n  ${index.slice(at)}`;
  const painted = withLinks.replace(SHELL_MAIN, () => `<main id="main">${main}</main>`);
  const composed = appAfterFirstPaint(painted, boot);
  if (!hasFirstScreen(composed)) throw new Error('index.html is not shaped as vite writes it (one module script)');
  return composed;
}
