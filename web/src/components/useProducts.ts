import { useEffect, useState } from 'react';
import { productListSchema, type Product } from '../../../shared/schemas/product';
import { api } from '../lib/api';

/** Listed products of one category (tag word); `null` while loading. A `null` category loads nothing. */
export function useProducts(category: string | null): { products: Product[] | null; failed: boolean } {
  const [state, setState] = useState<{ products: Product[] | null; failed: boolean }>({ products: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    setState({ products: null, failed: false });
    if (category === null) return;
    api(`/api/products?category=${encodeURIComponent(category)}`, productListSchema, { signal: controller.signal })
      .then((list) => setState({ products: list.products, failed: false }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ products: [], failed: true });
      });
    return () => controller.abort();
  }, [category]);
  return state;
}
