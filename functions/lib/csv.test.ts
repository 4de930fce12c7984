import { parse } from 'csv-parse/sync';
import { csvText } from './csv';

describe("the owner's downloads as CSV", () => {
  it('quotes what CSV needs, ends lines with CRLF and leaves null and undefined empty', () => {
    const text = csvText([
      ['order', 'items', 'note'],
      ['#1001', '2 x Candle, "Pine" (S)', null],
      ['#1002', 'line one\nline two', undefined],
      [12, 0, ''],
    ]);
    expect(text).toBe(
      'order,items,note\r\n#1001,"2 x Candle, ""Pine"" (S)",\r\n#1002,"line one\nline two",\r\n12,0,\r\n',
    );
    // A spreadsheet (here csv-parse) reads back what was written.
    expect(parse(text, { record_delimiter: '\r\n' })).toEqual([
      ['order', 'items', 'note'],
      ['#1001', '2 x Candle, "Pine" (S)', ''],
      ['#1002', 'line one\nline two', ''],
      ['12', '0', ''],
    ]);
  });

  it('never lets a cell start a formula', () => {
    const text = csvText([['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'plain']]);
    const [cells]: string[][] = parse(text);
    expect(cells).toEqual(['\'=HYPERLINK("http://x")', "'+1", "'-2", "'@SUM(A1)", 'plain']);
  });
});
