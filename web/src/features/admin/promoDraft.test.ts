import { PROMO_FORM_MESSAGES } from '#shared/messages';
import type { PromoView } from '#shared/schemas/promo';
import { bodyOf, dollarProblems, draftOf, EMPTY_DRAFT, windowText } from './promoDraft';

/** The promo code form's text (promoDraft.ts): a code as the form shows it, and what the form sends. */
const spring: PromoView = {
  code: 'SPRING5',
  kind: 'amount',
  value: 1250,
  minSubtotal: 4000,
  startsAt: '2026-03-01T15:30:00.000Z',
  endsAt: '2026-03-31T04:59:00.000Z',
  maxRedemptions: 100,
  active: false,
  combinesWithSales: false,
  redemptions: 2,
  description: '$12.50 off orders of $40.00 or more',
  version: 4,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};

it('a code is shown in dollars and in local date-times, and sent back as it was', () => {
  const draft = draftOf(spring);
  expect(draft).toEqual({
    code: 'SPRING5',
    kind: 'amount',
    value: '12.50',
    minSubtotal: '40.00',
    // datetime-local values: the same moments, in the browser's own time zone.
    startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/),
    endsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/),
    maxRedemptions: '100',
    maxPerCustomer: '',
    active: false,
    combinesWithSales: false,
  });
  expect(new Date(draft.startsAt).toISOString()).toBe(spring.startsAt);
  expect(bodyOf(draft)).toEqual({
    kind: 'amount',
    value: 1250,
    minSubtotal: 4000,
    startsAt: spring.startsAt,
    endsAt: spring.endsAt,
    maxRedemptions: 100,
    maxPerCustomer: undefined,
    active: false,
    combinesWithSales: false,
  });
});

it('a percent is sent as typed, free shipping as 0, empty limits not at all; a missing value is NaN (the server says so)', () => {
  expect(bodyOf({ ...EMPTY_DRAFT, code: 'TEN', value: '10', maxPerCustomer: '1' })).toMatchObject({
    kind: 'percent',
    value: 10,
    maxRedemptions: undefined,
    maxPerCustomer: 1,
  });
  expect(bodyOf({ ...EMPTY_DRAFT, kind: 'shipping', value: 'ignored' }).value).toBe(0);
  expect(bodyOf({ ...EMPTY_DRAFT }).value).toBeNaN();
  expect(draftOf({ ...spring, kind: 'shipping', value: 0 }).value).toBe('');
});

it('dollar fields that cannot be read are told in dollars, field by field; an empty minimum is fine', () => {
  expect(dollarProblems({ ...EMPTY_DRAFT, kind: 'amount', value: 'abc', minSubtotal: '-3' })).toEqual({
    value: PROMO_FORM_MESSAGES.amountOff,
    minSubtotal: PROMO_FORM_MESSAGES.minSubtotal,
  });
  expect(dollarProblems({ ...EMPTY_DRAFT, kind: 'amount', value: '12.50' })).toEqual({});
  // A percent is not dollars: the server checks it.
  expect(dollarProblems({ ...EMPTY_DRAFT, kind: 'percent', value: 'abc' })).toEqual({});
});

it('when a code can be used, as the list says it', () => {
  expect(windowText({ ...spring, startsAt: undefined, endsAt: undefined })).toBe('always');
  expect(windowText({ ...spring, endsAt: undefined })).toMatch(/^from Mar [12], 2026/);
  expect(windowText({ ...spring, startsAt: undefined })).toMatch(/^until Mar (30|31), 2026/);
  expect(windowText(spring)).toMatch(/^Mar [12], 2026, .* – Mar (30|31), 2026, /);
});
