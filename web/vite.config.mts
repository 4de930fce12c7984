import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The SPA: built to web/dist and served by the local gateway (npm start) or CloudFront. */
const here = path.dirname(fileURLToPath(import.meta.url));
const backend = process.env.SHOP_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: here,
  publicDir: path.join(here, 'public'),
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/config.json', '/images', '/cognito', '/ses', '/s3'].map((p) => [p, backend])),
  },
});
