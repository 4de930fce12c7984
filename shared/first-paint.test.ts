import { appAfterFirstPaint, pageAssets, type Manifest } from './first-paint';

/**
 * A page's code as the boot script runs it (web/src/boot.ts, docs/decisions/0133): one chunk per task, in the order
 * of its preloads, so a chunk must come after the chunks it imports, or importing it runs them all in one task.
 */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_api.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_api.js': { file: 'assets/api-1.js', imports: ['_messages.js'] },
  '_messages.js': { file: 'assets/messages-1.js' },
  'src/CartStep.tsx': {
    file: 'assets/CartStep-1.js',
    imports: ['src/CheckoutLayout.tsx', '_money.js', 'index.html'],
    css: ['assets/CartStep-1.css'],
  },
  'src/CheckoutLayout.tsx': {
    file: 'assets/CheckoutLayout-1.js',
    imports: ['_checkoutApi.js', '_money.js', '_api.js'],
    css: ['assets/CheckoutLayout-1.css'],
  },
  '_checkoutApi.js': { file: 'assets/checkoutApi-1.js', imports: ['_order-views.js', '_money.js'] },
  '_order-views.js': { file: 'assets/order-views-1.js', imports: ['_money.js'] },
  '_money.js': { file: 'assets/money-1.js' },
  'src/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
};

/** The cart step's chunks beyond index.html's, each after the chunks it imports. */
const CART_STEP_CHUNKS = [
  '/assets/money-1.js',
  '/assets/order-views-1.js',
  '/assets/checkoutApi-1.js',
  '/assets/CheckoutLayout-1.js',
  '/assets/CartStep-1.js',
];

describe("a page's code beyond index.html's", () => {
  it('lists each chunk after every chunk it imports, once, without what index.html already loads', () => {
    const { scripts } = pageAssets(manifest, 'src/CartStep.tsx');
    expect(scripts).toEqual(CART_STEP_CHUNKS);
  });

  it('keeps that order across several modules of one page and lists their CSS', () => {
    const { scripts, styles } = pageAssets(manifest, 'src/CheckoutLayout.tsx', 'src/CartStep.tsx');
    expect(scripts).toEqual(CART_STEP_CHUNKS);
    expect(styles).toEqual(['/assets/CheckoutLayout-1.css', '/assets/CartStep-1.css']);
  });

  it('hands the boot script the preloads in the order the HTML has them', () => {
    const html = [
      '<html><head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/messages-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/api-1.js">',
      '</head><body></body></html>',
    ].join('\n');
    expect(appAfterFirstPaint(html, '/assets/boot-1.js')).toContain(
      'src="/assets/boot-1.js" data-app="/assets/index-1.js" data-preload="/assets/messages-1.js /assets/api-1.js"',
    );
  });
});
