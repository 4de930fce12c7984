import { hasTag, sizeKind, sizesFor, stockLocation } from './sizes';
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
