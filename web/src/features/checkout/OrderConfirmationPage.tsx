import { Link } from 'react-router-dom';
import { ORDER_STATUS_PATH } from '#shared/aftersale';
import { orderAmountsSchema } from '#shared/schemas/order-views';
import * as z from '#shared/schemas/zod';
import { Amounts } from '../../components/Amounts';
import { HotItems } from '../../components/HotItems';
import { ORDER_AMOUNTS_KEY, ORDER_NUMBER_KEY } from './checkoutApi';
import './checkout.css';

const storedAmountsSchema = z.object({
  orderNumber: z.string(),
  amounts: orderAmountsSchema,
  promoCode: z.nullable(z.string()),
});

/** What the order came to, as the card step priced it (kept by this browser beside the order number). */
function storedAmounts(orderNumber: string | null) {
  try {
    const parsed = storedAmountsSchema.safeParse(JSON.parse(localStorage.getItem(ORDER_AMOUNTS_KEY) ?? 'null'));
    return parsed.success && parsed.data.orderNumber === orderNumber ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Thank-you page with the stored order number (spec section 2) and what was paid (with a promo code's discount). */
export default function OrderConfirmationPage() {
  const orderNumber = localStorage.getItem(ORDER_NUMBER_KEY);
  const paid = storedAmounts(orderNumber);
  return (
    <section className="page narrow">
      <h1>Thank you for your order!</h1>
      {orderNumber ? (
        <p className="card">
          Your order number is{' '}
          <strong data-testid="order-number" className="order-number">
            {orderNumber}
          </strong>
          . A confirmation is on its way to your inbox, and your order ships within 2-3 days. You can follow it any time
          on the <Link to={`${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderNumber)}`}>order status page</Link>.
        </p>
      ) : (
        <p className="card">We could not find a recent order in this browser.</p>
      )}
      {paid && (
        <section className="card" aria-labelledby="paid-heading">
          <h2 id="paid-heading">What you paid</h2>
          <Amounts amounts={paid.amounts} promoCode={paid.promoCode} />
        </section>
      )}
      <p>
        <Link to="/" className="button">
          Keep shopping
        </Link>
      </p>
      <HotItems />
    </section>
  );
}
