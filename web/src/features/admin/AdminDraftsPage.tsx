import { Button, Table, TableBody, TableCell, TableRow } from '@aws-amplify/ui-react';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { listDrafted, undraftProduct } from './adminApi';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import { AdminPage, HeadRow, useAdminData, useCursorPages } from './useAdmin';

/** Drafted products (never shown in the shop) with Undraft. */
export default function AdminDraftsPage() {
  const { cursor, pager } = useCursorPages();
  const { data, error, notice, act } = useAdminData(() => listDrafted(cursor), [cursor]);
  const products = data?.products ?? null;
  return (
    <AdminPage title="Drafted products" notice={notice} error={error} loading={products === null}>
      {products?.length === 0 && <p className="card">No drafted products.</p>}
      {products && products.length > 0 && (
        <div className="table-wrap">
          <Table size="small" variation="striped">
            <HeadRow cells={['Image', 'Name', 'Price', 'Tags', 'Action']} />
            <TableBody>
              {products.map((product) => (
                <TableRow key={product.id}>
                  <TableCell>
                    <img src={product.image} alt="" />
                  </TableCell>
                  <TableCell>{unescapeText(product.name)}</TableCell>
                  <TableCell>{formatPrice(product.price)}</TableCell>
                  <TableCell>{product.tag}</TableCell>
                  <TableCell>
                    <Button size="small" variation="primary" onClick={() => void act(`Undrafted ${unescapeText(product.name)}.`, () => undraftProduct(product.id))}>
                      Undraft
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pager(data, products?.length ?? 0, ADMIN_PAGE_SIZE, 'drafted products')}
    </AdminPage>
  );
}
