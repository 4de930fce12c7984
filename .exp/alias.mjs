import { build } from 'esbuild';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const stub = { name: 'stub', setup(b) { b.onResolve({ filter: /^@aws-lambda-powertools\/logger$/ }, () => ({ path: 'stub', namespace: 'stub' })); b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export class Logger { error(){} warn(){} info(){} }', loader: 'js' })); } };
const run = async (e, plugins, out) => { await build({ entryPoints: [e], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', outfile: out, logLevel: 'silent', mainFields: ['module','main'], plugins }); return fs.statSync(out).size; };
const t = (f) => Number(execFileSync(process.execPath, ['-e', `const t=process.hrtime.bigint();require(${JSON.stringify(f)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`], { stdio: ['ignore','pipe','ignore'] }).toString());
const e = process.argv[2];
const a = await run(e, [], '/tmp/b/with.js'); const b = await run(e, [stub], '/tmp/b/without.js'); await run('scripts/bench-bare-handler.ts', [], '/tmp/b/bare.js');
const ta = [], tb = [], tc = [];
for (let i = 0; i < 15; i++) { tc.push(t('/tmp/b/bare.js')); ta.push(t('/tmp/b/with.js')); tb.push(t('/tmp/b/without.js')); }
const med = (x) => x.sort((p,q)=>p-q)[7].toFixed(1);
console.log(`with powertools ${(a/1024).toFixed(0)}KB ${med(ta)}ms; without ${(b/1024).toFixed(0)}KB ${med(tb)}ms; bare ${med(tc)}ms`);
