import { build } from 'esbuild';
for (const e of process.argv.slice(2)) { const r = await build({ entryPoints: [e], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', write: false, logLevel: 'silent', mainFields: ['module','main'] }); console.log(e, (r.outputFiles[0].contents.length/1024).toFixed(1)+'KB'); }
