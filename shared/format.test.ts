import { formatPhone, groupThousands, longDay, mailDay } from './format';

it('groups thousands with commas as en-US does', () => {
  for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 8000 * 6000])
    expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  expect(groupThousands('899991')).toBe('899,991');
});

it("writes a day as en-US's long weekday, month, day and year", () => {
  const options = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
  for (const day of [
    new Date(2026, 11, 10),
    new Date(2027, 0, 1),
    new Date(2026, 1, 28, 23, 59),
    new Date(2024, 1, 29, 0, 0),
  ]) {
    expect(longDay(day)).toBe(day.toLocaleDateString('en-US', options));
  }
  expect(longDay(new Date(2026, 11, 10))).toBe('Thursday, December 10, 2026');
});

it("names a mail's day in the shop's time zone: late evening in New York is still that day there", () => {
  const lateEvening = new Date('2026-11-27T03:30:00Z'); // 10:30 pm on November 26 in New York
  expect(mailDay(lateEvening)).toBe('November 26');
  expect(mailDay(lateEvening, { year: true })).toBe('November 26, 2026');
});

describe('formatPhone', () => {
  it('reads 10 digits as a US number, and leaves anything else as it is', () => {
    expect(formatPhone('5125550142')).toBe('(512) 555-0142');
    expect(formatPhone('12345')).toBe('12345');
  });
});
