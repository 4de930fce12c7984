import { build } from 'esbuild';
const r = await build({ entryPoints: [process.argv[2]], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', write: false, logLevel: 'silent', mainFields: ['module','main'], metafile: true });
const inputs = Object.entries(r.metafile.outputs[Object.keys(r.metafile.outputs)[0]].inputs).filter(([f]) => f.includes(process.argv[3]));
console.log(inputs.sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,15).map(([f,v])=>`${v.bytesInOutput} ${f}`).join('\n'), inputs.length);
