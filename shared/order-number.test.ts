import { canonicalOrderNumber, FIRST_ORDER_NUMBER, isShortNumber, orderLabel } from './order-number';
import { orderNumberSchema, paymentIntentIdSchema } from './schemas/refs';
import { orderLookupBodySchema, replacementIdSchema } from './schemas/orders';

describe('order numbers as people read and type them (decision 0102)', () => {
  test('the first order is #1001', () => {
    expect(FIRST_ORDER_NUMBER).toBe(1001);
  });

  test('a short number is shown with #, a replacement as #1042-R1, an older pi_ number as it is', () => {
    expect(orderLabel('1042')).toBe('#1042');
    expect(orderLabel('1042_r1')).toBe('#1042-R1');
    expect(orderLabel('pi_3QabcDEF123')).toBe('pi_3QabcDEF123');
    expect(orderLabel('pi_3QabcDEF123_r2')).toBe('pi_3QabcDEF123_r2');
    expect(isShortNumber('1042')).toBe(true);
    expect(isShortNumber('pi_3Qabc')).toBe(false);
  });

  test.each([
    ['1042', '1042'],
    ['#1042', '1042'],
    [' # 1042 ', '1042'],
    ['#1 042', '1042'],
    ['01042', '1042'],
    ['#1042-R1', '1042_r1'],
    ['1042_r1', '1042_r1'],
    ['#1042 r 2', '1042_r2'],
    ['pi_3QabcDEF_123', 'pi_3QabcDEF_123'],
    ['pi_test_x_r1', 'pi_test_x_r1'],
  ])('%j is the order %j', (typed, key) => {
    expect(canonicalOrderNumber(typed)).toBe(key);
    expect(orderNumberSchema.parse(typed)).toBe(key);
  });

  test.each(['', '#', 'order 12', '1042x', '#-R1', 'PI_abc', 'pi_', 'pi_a b', '12345678901234567', '1042-R12345'])(
    '%j is no order number: a clear message',
    (typed) => {
      expect(canonicalOrderNumber(typed)).toBeNull();
      const result = orderLookupBodySchema.safeParse({ orderNumber: typed, email: 'ada@example.com' });
      expect(result.success).toBe(false);
    },
  );

  test('a replacement id as stored or as shown; a plain order number is not one', () => {
    expect(replacementIdSchema.parse('1042_r1')).toBe('1042_r1');
    expect(replacementIdSchema.parse('#1042-R1')).toBe('1042_r1');
    expect(replacementIdSchema.parse('pi_abc_r3')).toBe('pi_abc_r3');
    expect(replacementIdSchema.safeParse('1042').success).toBe(false);
    expect(replacementIdSchema.safeParse('pi_abc').success).toBe(false);
  });

  test('the record call names a payment, never an order number', () => {
    expect(paymentIntentIdSchema.safeParse('pi_3QabcDEF123').success).toBe(true);
    expect(paymentIntentIdSchema.safeParse('1042').success).toBe(false);
    expect(paymentIntentIdSchema.safeParse('#1042').success).toBe(false);
  });
});
