import { Button, TableCell } from '@aws-amplify/ui-react';
import { formatPrice } from '../../../../shared/money';
import { unescapeText } from '../../../../shared/sanitize';
import { listDrafted, undraftProduct, type AdminProductPage } from './adminApi';
import { AdminTable, usePagedAdminList } from './AdminTable';
import { AdminPage } from './useAdmin';

const productsOf = (page: AdminProductPage) => page.products;

/** Drafted products (never shown in the shop) with Undraft. */
export default function AdminDraftsPage() {
  const { rows: products, error, notice, act, pager } = usePagedAdminList(listDrafted, productsOf, { label: 'drafted products' });
  return (
    <AdminPage title="Drafted products" notice={notice} error={error} loading={products === null}>
      <AdminTable
        columns={['Image', 'Name', 'Price', 'Tags', 'Action']}
        rows={products}
        rowKey={(product) => product.id}
        empty="No drafted products."
        pager={pager}
        cells={(product) => (
          <>
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
          </>
        )}
      />
    </AdminPage>
  );
}
