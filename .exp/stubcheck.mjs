import { build } from 'esbuild';
const RE = /^(stripe|@aws-sdk\/(client-s3|s3-request-presigner|client-sesv2|client-secrets-manager))$/;
const plugin = { name: 's', setup(b) { b.onResolve({ filter: RE }, (a) => ({ path: a.path, namespace: 'sdk' })); b.onLoad({ filter: /.*/, namespace: 'sdk' }, () => ({ contents: 'module.exports = {};', loader: 'js' })); } };
for (const e of ['functions/http/checkout/record-order.ts','functions/http/admin/delete-product.ts','functions/http/admin/create-upload.ts','functions/jobs/release-expired-reservations.ts']) {
  const out = '/tmp/b/stub-' + e.split('/').pop().replace('.ts','.js');
  await build({ entryPoints: [e], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', outfile: out, logLevel: 'silent', mainFields: ['module','main'], plugins: [plugin] });
  const m = await import(out); console.log(e, typeof m.default?.handler ?? typeof m.handler);
}
