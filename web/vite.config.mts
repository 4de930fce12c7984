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
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [apiDescription(), staticShell()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth', '/config.json', '/images', '/cognito', '/ses', '/s3'].map((p) => [p, backend]),
    ),
  },
});
