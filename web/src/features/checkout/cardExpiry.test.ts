import { readExpiry, showExpiry } from './cardExpiry';

describe('readExpiry', () => {
  it.each([
    ['12/30', 12, 30],
    ['12 / 30', 12, 30],
    ['12-30', 12, 30],
    ['12/2030', 12, 2030],
    ['1230', 12, 30],
    ['122030', 12, 2030],
    ['130', 1, 30],
    ['1/30', 1, 30],
    [' 07/31 ', 7, 31],
  ])('reads %p as month %p, year %p', (typed, month, year) => {
    expect(readExpiry(typed)).toEqual({ month, year });
  });

  it.each(['', '13/30', '00/30', '1330', '12', '12/3', '12/203', 'ab/cd', '12/30/1', '12345'])(
    'cannot read %p',
    (typed) => {
      expect(readExpiry(typed)).toBeNull();
    },
  );

  it('shows what it read as MM/YY', () => {
    expect(showExpiry({ month: 1, year: 2030 })).toBe('01/30');
    expect(showExpiry(readExpiry('1230')!)).toBe('12/30');
  });
});
