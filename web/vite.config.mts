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
    const { apiDescriptionFile } = (await tsImport('../shared/openapi.ts', import.meta.url)) as typeof import('../shared/openapi');
    const { fileName, source } = apiDescriptionFile();
    this.emitFile({ type: 'asset', fileName, source });
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
  },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [apiDescription()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/config.json', '/images', '/cognito', '/ses', '/s3'].map((p) => [p, backend])),
  },
});
