import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

/** The SPA: built to web/dist and served by the local gateway (npm start) or CloudFront. */
const here = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.SHOP_URL ?? 'http://localhost:3000';

/**
 * Every build also writes the API description (api/openapi.json, from the route table: shared/openapi.ts), which
 * CloudFront serves from the SPA bucket. Loaded through tsx at build time, so the config itself stays plain.
 */
const apiDescription = (): Plugin => ({
  name: 'shop-openapi',
  apply: 'build',
  async generateBundle() {
    const { apiDescriptionFile } = (await tsImport(
      '../shared/openapi.ts',
      import.meta.url,
    )) as typeof import('../shared/openapi');
    const { fileName, source } = apiDescriptionFile();
    this.emitFile({ type: 'asset', fileName, source });
  },
});

/**
 * The static shell (web/src/app/shell.ts): the app's frame (header, empty main, footer) rendered to HTML from its own
 * components at build time and put into index.html's #root, so the first paint shows it before any script runs.
 */
const staticShell = (): Plugin => ({
  name: 'shop-static-shell',
  apply: 'build',
  async transformIndexHtml(html) {
    const { renderShell } = (await tsImport(
      './src/app/staticShell.tsx',
      import.meta.url,
    )) as typeof import('./src/app/staticShell');
    const root = '<div id="root"></div>';
    if (!html.includes(root)) throw new Error(`index.html has no ${root} for the static shell`);
    // React hoists a preload of every image it renders (here the logo); the page's own preloads stay in the head.
    const shell = renderShell().replace(/<link rel="preload" as="image"[^>]*>/g, '');
    return html.replace(root, () => `<div id="root" data-shell>${shell}</div>`);
  },
});

/**
 * The first screens (shared/pages.ts FIRST_SCREENS, docs/decisions/0120): once the build is written, each page's own
 * copy of index.html, web/dist/first/<name>.html, with its first screen from the app's components
 * (app/firstScreens.tsx) in the main, its CSS as stylesheets, and its app started by the boot script after that paint
 * (shared/first-paint.ts composeFirstScreen).
 */
const firstScreens = (): Plugin => ({
  name: 'shop-first-screens',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir!;
    const [{ renderFirstScreens }, { composeFirstScreen }, { FIRST_SCREENS, firstScreenFile }] = (await Promise.all([
      tsImport('./src/app/firstScreens.tsx', import.meta.url),
      tsImport('../shared/first-paint.ts', import.meta.url),
      tsImport('../shared/pages.ts', import.meta.url),
    ])) as [
      typeof import('./src/app/firstScreens'),
      typeof import('../shared/first-paint'),
      typeof import('../shared/pages'),
    ];
    const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Parameters<
      typeof composeFirstScreen
    >[2];
    const mains = renderFirstScreens();
    mkdirSync(path.join(dir, 'first'), { recursive: true });
    for (const [pathname, screen] of Object.entries(FIRST_SCREENS)) {
      const html = composeFirstScreen(index, mains[pathname], manifest, [...screen.modules]);
      writeFileSync(path.join(dir, firstScreenFile(pathname)!), html);
    }
  },
});

export default defineConfig({
  root: here,
  publicDir: path.join(here, 'public'),
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the page function preloads the code of the page it serves (functions/domain/pages).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app (index.html) and the boot script of pages that paint from their HTML (src/boot.ts; the page
      // function finds it in the manifest).
      input: { index: path.join(here, 'index.html'), boot: path.join(here, 'src', 'boot.ts') },
      // React's DOM renderer is a chunk of its own, so the boot script runs it in a task of its own (0133).
      output: {
        codeSplitting: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [apiDescription(), staticShell(), firstScreens()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth', '/config.json', '/images', '/cognito', '/ses', '/s3'].map((p) => [p, backend]),
    ),
  },
});
