import { hasTag, sizeKind, sizesFor, stockItemFamilies, stockItemSizes, stockLocation, type Size } from './sizes';
import { sanitizeText, unescapeText } from './sanitize';

it('chooses sizes by tag (spec section 5)', () => {
  expect(sizesFor('Hoodies, hot')).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  expect(sizesFor('shirts')).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  expect(sizesFor('giftwraps')).toEqual(['18inX36in', '20inX40in', '24inX44in']);
  expect(sizesFor('tumblers')).toEqual(['16oz', '20oz', '24oz']);
  expect(sizesFor('candles')).toEqual(['CANDLE']);
  expect(sizeKind('rugs')).toBe('single');
});

it('maps gift-wrap sizes onto the stock item S, M and L counts', () => {
  expect(stockLocation('giftwraps', '20inX40in')).toEqual({ on: 'stockItem', key: 'M' });
  expect(stockLocation('tees', 'XL')).toEqual({ on: 'stockItem', key: 'XL' });
  expect(stockLocation('tumblers', '24oz')).toEqual({ on: 'product', key: '24oz' });
});

it('filters categories by comma-separated tag words, case-insensitively', () => {
  expect(hasTag('Tees, New-Releases', 'new-releases')).toBe(true);
  expect(hasTag('tees', 'tee')).toBe(false);
});

it('sanitises text as the spec says and shows it back as typed', () => {
  expect(sanitizeText('  <b>Tom & Jerry</b> ')).toBe('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;');
  expect(unescapeText(sanitizeText('<b>Tom & Jerry</b>'))).toBe('<b>Tom & Jerry</b>');
});

it("names a stock item's counts as the shopper picks them: gift wraps by their sheet sizes, labels only", () => {
  const labels = (families: Parameters<typeof stockItemSizes>[0]) =>
    stockItemSizes(families).map(({ key, label, sold }) => `${key}=${label}${sold ? '' : ' (unsold)'}`);
  expect(labels(['giftwrap'])).toEqual([
    'S=18inX36in',
    'M=20inX40in',
    'L=24inX44in',
    'XL=XL (unsold)',
    '2XL=2XL (unsold)',
  ]);
  expect(labels(['apparel'])).toEqual(['S=S', 'M=M', 'L=L', 'XL=XL', '2XL=2XL']);
  expect(labels([])).toEqual(['S=S', 'M=M', 'L=L', 'XL=XL', '2XL=2XL']);
  expect(labels(['apparel', 'giftwrap'])).toEqual([
    'S=S / 18inX36in',
    'M=M / 20inX40in',
    'L=L / 24inX44in',
    'XL=XL',
    '2XL=2XL',
  ]);
  // Each label's key is where the shopper's size is counted (stockLocation): one rule, read both ways.
  for (const { key, label } of stockItemSizes(['giftwrap']).slice(0, 3))
    expect(stockLocation('giftwraps', label as Size)).toEqual({ on: 'stockItem', key });
  expect(stockItemFamilies(['giftwraps, hot', 'candles', 'tumblers'])).toEqual(['giftwrap']);
  expect(stockItemFamilies(['Tees', 'giftwraps'])).toEqual(['apparel', 'giftwrap']);
});
