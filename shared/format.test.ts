import { groupThousands, longDay } from './format';

it('groups thousands with commas as en-US does', () => {
  for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 8000 * 6000]) expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  expect(groupThousands('899991')).toBe('899,991');
});

it("writes a day as en-US's long weekday, month, day and year", () => {
  const options = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
  for (const day of [new Date(2026, 11, 10), new Date(2027, 0, 1), new Date(2026, 1, 28, 23, 59), new Date(2024, 1, 29, 0, 0)]) {
    expect(longDay(day)).toBe(day.toLocaleDateString('en-US', options));
  }
  expect(longDay(new Date(2026, 11, 10))).toBe('Thursday, December 10, 2026');
});
