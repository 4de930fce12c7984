/**
 * Every size and weight the storefront's pages set their text in, by family (styles.css's `--font-text`,
 * `--font-display` and `--font-code`), on a phone and on a desktop: the fonts the boot script lays out ahead of the
 * app (web/src/boot.ts, docs/decisions/0134). e2e/first-screen.e2e.test.ts fails when a page sets text in one that is
 * not here: add it (a missing one costs only speed).
 */
export const FONT_STRIKES: Record<'--font-text' | '--font-display' | '--font-code', readonly string[]> = {
  '--font-text': [
    '600 12px',
    '800 12.8px',
    '400 13.6px',
    '400 14.4px',
    '600 14.4px',
    '400 15.2px',
    '600 15.2px',
    '700 15.2px',
    '800 15.2px',
    '400 16px',
    '600 16px',
    '700 16px',
    '800 16px',
    '800 16.8px',
    '800 18.4px',
    '800 25.6px',
  ],
  '--font-display': [
    '700 16.8px',
    '700 18.72px',
    '700 19.2px',
    '700 20.8px',
    '700 22.4px',
    '700 24px',
    '700 28.8px',
    '700 32px',
    '700 48px',
  ],
  '--font-code': ['400 16px'],
};
