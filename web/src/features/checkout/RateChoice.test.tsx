import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { CartLine } from '#shared/schemas/cart';
import { SHIPPING_WORDS } from '#shared/shipping';
import { jsonResponse as json, urlOf } from '../../testing/render';
import { RateChoice } from './RateChoice';

/** The shipping step's rate choice (issue 53 item 2), with the server's answers stubbed. */
const rug: CartLine = { id: 'rug', name: 'Tufted Rug', image: '/r.svg', price: 12000, size: 'CANDLE', quantity: 1 };
const address = {
  name: 'Ada',
  email: 'ada@example.com',
  line1: '5 Spruce Rd',
  city: 'Anchorage',
  state: 'AK',
  zip: '',
};
const RATES = [
  { id: 'free', kind: 'free', label: 'Free shipping', amount: 0 },
  { id: 'rate_g1', kind: 'calculated', label: 'USPS Ground Advantage', amount: 9812, carrier: 'USPS', days: 7 },
  { id: 'rate_p1', kind: 'calculated', label: 'USPS Priority', amount: 15000, carrier: 'USPS', days: 4 },
  { id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 },
];
let answer: () => Promise<Response>;
let asked: unknown[];
let chosen: string[];

function Harness({ zip }: { zip: string }) {
  const [id, setId] = useState<string | undefined>(undefined);
  return (
    <RateChoice
      cart={[rug]}
      address={{ ...address, zip }}
      chosen={id}
      onChoose={(next) => {
        chosen.push(next);
        setId(next);
      }}
    />
  );
}

beforeEach(() => {
  asked = [];
  chosen = [];
  answer = async () => json(200, { rates: RATES });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) !== '/api/checkout/shipping-rates') return json(404, { error: { code: 'x', message: 'x' } });
    asked.push(JSON.parse(init!.body as string));
    return answer();
  }) as typeof fetch;
});

it('asks for nothing until the ZIP is typed; then lists each rate with its price and arrival, free chosen first', async () => {
  const { rerender } = render(<Harness zip="" />);
  expect(screen.getByText(SHIPPING_WORDS.needAddress)).toBeTruthy();
  rerender(<Harness zip="99501" />);
  const free = await screen.findByRole('radio', { name: /Free shipping/ });
  await waitFor(() => expect((free as HTMLInputElement).checked).toBe(true));
  expect(asked).toEqual([
    {
      cart: [{ id: 'rug', size: 'CANDLE', quantity: 1, name: 'Tufted Rug' }],
      shipTo: { name: 'Ada', line1: '5 Spruce Rd', city: 'Anchorage', state: 'AK', zip: '99501' },
    },
  ]);
  expect(screen.getByRole('radio', { name: /USPS Ground Advantage\s*\$98\.12\s*Arrives by/ })).toBeTruthy();
  expect(screen.getByRole('radio', { name: /Shipping & handling\s*\$5\.99\s*Shipping takes 2-3 days/ })).toBeTruthy();
  expect(chosen).toEqual(['free']);

  await userEvent.click(screen.getByRole('radio', { name: /USPS Priority/ }));
  expect(chosen).toEqual(['free', 'rate_p1']);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: /USPS Priority/ }).checked).toBe(true);
});

it('says so when the provider did not answer (the flat rate alone), and shows the flat rate when the call fails', async () => {
  answer = async () => json(200, { rates: [RATES[3]], notice: SHIPPING_WORDS.providerDown });
  const { unmount } = render(<Harness zip="99501" />);
  expect(await screen.findByText(SHIPPING_WORDS.providerDown)).toBeTruthy();
  expect(screen.getByRole<HTMLInputElement>('radio', { name: /Shipping & handling/ }).checked).toBe(true);
  unmount();

  answer = async () => json(500, { error: { code: 'internal', message: 'Something went wrong.' } });
  render(<Harness zip="99501" />);
  expect(await screen.findByText(/Shipping takes 2-3 days/)).toBeTruthy();
  expect(screen.queryByRole('radio')).toBeNull();
});
