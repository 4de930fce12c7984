import { appAfterFirstPaint, hasFirstScreen, SHELL_MAIN } from '#shared/first-paint';
import { escapeHtml } from '#shared/sanitize';

/**
 * The head a crawler or a link preview reads, put into the SPA's index.html: title, description, canonical URL,
 * Open Graph and Twitter tags, JSON-LD, the preload of the page's largest photo and the data the page shows (so
 * the SPA need not ask for it again). Every value is escaped for where it goes: HTML text and attributes with
 * entities, JSON inside <script> with \u escapes for < > & and the line separators, so no name breaks out.
 */
export interface PageHead {
  status: number;
  title: string;
  description: string;
  /** Absolute URL of the page (also og:url); none for the not-found page (it is no page to index or share). */
  canonical?: string;
  type: 'website' | 'product';
  image?: { url: string; width: number; height: number; alt: string };
  /** JSON-LD objects. */
  structuredData?: unknown[];
  /** <link rel=preload> of the photo the page shows largest (its LCP). */
  preload?: { srcSet: string; sizes: string; type: string };
  /** The page's own code (its chunk, what it imports, its CSS), loaded beside the main bundle. */
  assets?: { scripts: string[]; styles: string[] };
  /** What the SPA reads instead of fetching it again (window's #shop-data). */
  data?: unknown;
  /**
   * HTML for the static shell's <main> (docs/decisions/0058): what the page shows first, before any script runs
   * (a product's main photo). The page's own CSS is then loaded as a stylesheet, not only preloaded.
   */
  main?: string;
  /**
   * The boot script (web/src/boot.ts, from vite's manifest) that starts the app once the page's first paint is done.
   */
  bootScript?: string;
  noindex?: boolean;
  /** Seconds until the page changes by itself (a drop's start): it is not cached past them. */
  edgeSeconds?: number;
}

/** JSON safe inside a <script> element: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export function headTags(head: PageHead, siteName: string, firstPaint = false): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:width', String(head.image.width)),
      meta('property', 'og:image:height', String(head.image.height)),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  if (head.preload) {
    tags.push(
      `<link rel="preload" as="image" type="${escapeHtml(head.preload.type)}" imagesrcset="${escapeHtml(head.preload.srcSet)}" imagesizes="${escapeHtml(head.preload.sizes)}" fetchpriority="high" />`,
    );
  }
  // Preloaded, not render-blocking: the page's chunk adds the stylesheet itself when it runs (already fetched);
  // a page that shows its own HTML before the scripts (main) needs its CSS for that first paint.
  for (const style of head.assets?.styles ?? [])
    tags.push(
      firstPaint
        ? `<link rel="stylesheet" crossorigin href="${escapeHtml(style)}" />`
        : `<link rel="preload" as="style" crossorigin href="${escapeHtml(style)}" />`,
    );
  for (const script of head.assets?.scripts ?? [])
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(script)}" />`);
  for (const item of head.structuredData ?? [])
    tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  if (head.data !== undefined)
    tags.push(`<script type="application/json" id="shop-data">${scriptJson(head.data)}</script>`);
  return tags.join('\n    ');
}

/**
 * index.html with its own head (the home page's title, description, Open Graph and Twitter tags) replaced by the
 * page's, and the page's first HTML in the static shell's main (when the shell has one). A shell built as a page's
 * first screen (web/dist/first/*.html, shared/first-paint.ts) already holds its main and its code: only the head.
 */
export function withHead(shell: string, head: PageHead, siteName: string): string {
  if (hasFirstScreen(shell)) head = { ...head, assets: undefined, main: undefined, bootScript: undefined };
  const stripped = shell
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/gi, '')
    .replace(/\s*<meta\s+(property="og:|name="twitter:)[^>]*>/gi, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no </head>');
  const firstPaint = !!head.main && stripped.includes(SHELL_MAIN);
  const html = `${stripped.slice(0, at)}  ${headTags(head, siteName, firstPaint)}\n  ${stripped.slice(at)}`;
  if (!firstPaint) return html;
  // A function, not a string: `$&` or `$'` in a product's name must stay text.
  const painted = html.replace(SHELL_MAIN, () => `<main id="main">${head.main}</main>`);
  return head.bootScript ? appAfterFirstPaint(painted, head.bootScript) : painted;
}
