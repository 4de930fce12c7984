import { Button, TableCell } from '@aws-amplify/ui-react';
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { ADMIN_PAGE_SIZE } from '#shared/schemas/admin';
import { listDrafted, undraftProduct } from './adminApi';
import { AdminTable } from './AdminTable';
import { AdminPage, adminWrite, cursorOf, submissionOf, useAdminWrites, useCursorPages } from './useAdmin';

export const loader = async ({ request }: LoaderFunctionArgs) => ({ page: await listDrafted(cursorOf(request)) });

export async function action({ request }: ActionFunctionArgs) {
  const { id, name } = (await submissionOf(request)) as { intent: 'undraft'; id: string; name: string };
  return adminWrite('undraft', () => undraftProduct(id), `Undrafted ${name}.`);
}

/** Drafted products (never shown in the shop) with Undraft. */
export default function AdminDraftsPage() {
  const { page } = useLoaderData<typeof loader>();
  const { write, notice, sent } = useAdminWrites();
  const { pager } = useCursorPages(page, page.products.length, {
    label: 'drafted products',
    pageSize: ADMIN_PAGE_SIZE,
  });
  return (
    <AdminPage title="Drafted products" notice={notice}>
      <AdminTable
        columns={['Image', 'Name', 'Price', 'Tags', 'Action']}
        rows={page.products}
        rowKey={(product) => product.id}
        empty="No drafted products."
        pager={pager}
        cells={(product) => (
          <>
            <TableCell>
              <img src={product.image} alt="" />
            </TableCell>
            <TableCell className="name-cell">{unescapeText(product.name)}</TableCell>
            <TableCell>{formatPrice(product.price)}</TableCell>
            <TableCell>{product.tag}</TableCell>
            <TableCell>
              <Button
                size="small"
                variation="primary"
                isDisabled={sent?.id === product.id}
                onClick={() => void write('undraft', { id: product.id, name: unescapeText(product.name) })}
              >
                Undraft
              </Button>
            </TableCell>
          </>
        )}
      />
    </AdminPage>
  );
}
