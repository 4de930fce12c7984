import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorOf, brokenLinks, markdownFiles } from './check-links';

it("the repository's README and docs have no broken relative link", () => {
  expect(brokenLinks(markdownFiles(path.resolve(__dirname, '..')))).toEqual([]);
});

it('a link to a missing file or heading is reported with its line; web links and code blocks are not followed', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'links-'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'docs', 'guide.md'), "# Guide\n\n## The owner's day\n");
  writeFileSync(
    path.join(root, 'README.md'),
    [
      '[ok](docs/guide.md) [ok too](docs/guide.md#the-owners-day) [web](https://example.com/nope)',
      '[gone](docs/missing.md)',
      '[bad part](docs/guide.md#nowhere)',
      '```',
      '[in code](docs/also-missing.md)',
      '```',
    ].join('\n'),
  );
  const problems = brokenLinks(markdownFiles(root)).map((line) => line.replace(/^.*README\.md/, 'README.md'));
  rmSync(root, { recursive: true, force: true });
  expect(problems).toEqual([
    'README.md:2: docs/missing.md (no such file)',
    'README.md:3: docs/guide.md#nowhere (no such heading)',
  ]);
});

it("anchors follow GitHub's rule", () => {
  expect(anchorOf("The owner's day")).toBe('the-owners-day');
  expect(anchorOf('Mail: SES verification and the sandbox')).toBe('mail-ses-verification-and-the-sandbox');
  expect(anchorOf('Rate limits (WAF)')).toBe('rate-limits-waf');
});
