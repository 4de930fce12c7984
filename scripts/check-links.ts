/**
 * `npm run lint:links`: every relative link in README.md and docs/ must name a file that exists, and a `#part`
 * must name a heading of that file (GitHub's anchors). Web links (http:, https:, mailto:) are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
export const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** The markdown files checked: README.md and everything under docs/. */
export function markdownFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : name.endsWith('.md') ? [full] : [];
    });
  return [path.join(root, 'README.md'), ...(existsSync(path.join(root, 'docs')) ? walk(path.join(root, 'docs')) : [])];
}

/** Each broken link as "file:line: link (why)". */
export function brokenLinks(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    let fenced = false;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.startsWith('```')) fenced = !fenced;
        if (fenced) return;
        for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          const link = match[1];
          if (/^[a-z]+:/i.test(link)) continue;
          const [target, anchor] = link.split('#');
          const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
          const where = `${path.relative(process.cwd(), file)}:${index + 1}: ${link}`;
          if (!existsSync(resolved)) problems.push(`${where} (no such file)`);
          else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
            problems.push(`${where} (no such heading)`);
        }
      });
  }
  return problems;
}

if (require.main === module) {
  const problems = brokenLinks(markdownFiles(path.resolve(__dirname, '..')));
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`\n${problems.length} broken link(s) in README.md or docs/.`);
    process.exit(1);
  }
  console.log('Every relative link in README.md and docs/ points somewhere.');
}
