import { downloadName } from './quotes';

/** A quote's file downloads under its name with the extension of the format its bytes were checked as (0138). */
it('names a download from its checked format, never from what the name said', () => {
  expect(downloadName('invoice.pdf.exe', 'png')).toBe('invoice-pdf.png');
  expect(downloadName('logo.PNG', 'png')).toBe('logo.png');
  expect(downloadName('photo.jpeg', 'jpeg')).toBe('photo.jpg');
  expect(downloadName('Brand v2.1 final.ai', 'ai')).toBe('Brand v2-1 final.ai');
  expect(downloadName('brief', 'pdf')).toBe('brief.pdf');
  expect(downloadName('.png', 'png')).toBe('artwork.png');
  expect(downloadName('C:\\Users\\ada\\logo.svg', 'svg')).toBe('logo.svg');
  expect(downloadName(`${'a'.repeat(300)}.zip`, 'zip')).toBe(`${'a'.repeat(120)}.zip`);
});
