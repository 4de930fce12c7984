import { build } from 'esbuild';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const entries = process.argv.slice(2);
for (const e of entries) {
  const out = `/tmp/b/${e.replace(/[^a-z0-9]+/gi,'_')}.js`;
  const r = await build({ entryPoints: [e], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', outfile: out, logLevel: 'silent', mainFields: ['module','main'], metafile: true });
  const times = [];
  for (let i = 0; i < 7; i++) times.push(Number(execFileSync(process.execPath, ['-e', `const t=process.hrtime.bigint();require(${JSON.stringify(out)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`], { stdio: ['ignore','pipe','ignore'], env: {...process.env, AWS_REGION:'us-east-1'} }).toString()));
  times.sort((a,b)=>a-b);
  const inputs = Object.entries(r.metafile.outputs[Object.keys(r.metafile.outputs)[0]].inputs);
  const bypkg = {};
  for (const [f, v] of inputs) { const m = f.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const k = m ? m[1] : f.split('/').slice(0,2).join('/'); bypkg[k] = (bypkg[k]||0) + v.bytesInOutput; }
  const top = Object.entries(bypkg).sort((a,b)=>b[1]-a[1]).slice(0,8).map(([k,v])=>`${k}:${(v/1024).toFixed(0)}`).join(' ');
  console.log(e.padEnd(55), (fs.statSync(out).size/1024).toFixed(0).padStart(5)+'KB', times[3].toFixed(1).padStart(6)+'ms', process.env.V ? top : '');
}
