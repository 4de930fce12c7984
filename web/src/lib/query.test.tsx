import { act, render, screen } from '@testing-library/react';
import { productListSchema } from '../../../shared/schemas/product';
import { jsonResponse } from '../testing/render';
import { prefetch, resetQueryCache, useQuery } from './query';

const candle = { id: 'c1', name: 'Candle', image: '/c.jpg', extraImages: [], description: 'Warm', price: 1899, tag: 'candles', averageRating: 0, ratingCount: 0 };

function Names({ url }: { url: string }) {
  const { data } = useQuery(url, productListSchema);
  return <p>{data ? data.products.map((p) => p.name).join(',') : 'loading'}</p>;
}

beforeEach(() => {
  resetQueryCache();
  document.body.innerHTML = '';
  global.fetch = jest.fn(async () => jsonResponse(200, { products: [candle] })) as typeof fetch;
});

it("asks for a list once per visit: the loader's request is the one the pages read, however many read it", async () => {
  prefetch('/api/products?category=candles', productListSchema);
  render(
    <>
      <Names url="/api/products?category=candles" />
      <Names url="/api/products?category=candles" />
    </>,
  );
  expect(await screen.findAllByText('Candle')).toHaveLength(2);
  render(<Names url="/api/products?category=candles" />);
  expect(screen.getAllByText('Candle')).toHaveLength(3);
  expect(global.fetch).toHaveBeenCalledTimes(1);
});

it('reads the answers the page function put into the HTML first, with no request at all', () => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-data';
  script.textContent = JSON.stringify({ '/api/products?category=tees': { products: [{ ...candle, name: 'Embedded Tee' }] } });
  document.head.appendChild(script);
  render(<Names url="/api/products?category=tees" />);
  // Already there on the first render: no loading state, nothing that moves when data arrives.
  expect(screen.getByText('Embedded Tee')).toBeTruthy();
  expect(global.fetch).not.toHaveBeenCalled();
  expect(document.getElementById('shop-data')).toBeNull();
});

it('asks again after a failure', async () => {
  global.fetch = jest.fn(async () => jsonResponse(500, {})) as typeof fetch;
  const first = render(<Names url="/api/products?category=rugs" />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByText('loading')).toBeTruthy();
  first.unmount();
  global.fetch = jest.fn(async () => jsonResponse(200, { products: [{ ...candle, name: 'Rug' }] })) as typeof fetch;
  render(<Names url="/api/products?category=rugs" />);
  expect(await screen.findByText('Rug')).toBeTruthy();
});
