import { useEffect, useState } from 'react';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { listDrafted, undraftProduct, type AdminProduct } from './adminApi';
import './admin.css';

/** Drafted products (never shown in the shop) with Undraft. */
export default function AdminDraftsPage() {
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const load = () => listDrafted().then(setProducts).catch((error) => console.error('admin read failed', error));
  useEffect(() => {
    void load();
  }, []);
  return (
    <section className="page admin">
      <h1>Drafted products</h1>
      {products?.length === 0 && <p className="card">No drafted products.</p>}
      {products && products.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Tags</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id}>
                  <td>
                    <img src={product.image} alt="" />
                  </td>
                  <td>{unescapeText(product.name)}</td>
                  <td>{formatPrice(product.price)}</td>
                  <td>{product.tag}</td>
                  <td>
                    <button type="button" className="small" onClick={() => void undraftProduct(product.id).then(load)}>
                      Undraft
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
