import { Link } from 'react-router-dom';
import { ORDER_STATUS_PATH } from '../../../../shared/aftersale';
import { HotItems } from '../../components/HotItems';
import { ORDER_NUMBER_KEY } from './checkoutApi';
import './checkout.css';

/** Thank-you page with the stored order number (spec section 2). */
export default function OrderConfirmationPage() {
  const orderNumber = localStorage.getItem(ORDER_NUMBER_KEY);
  return (
    <section className="page narrow">
      <h1>Thank you for your order!</h1>
      {orderNumber ? (
        <p className="card">
          Your order number is{' '}
          <strong data-testid="order-number" className="order-number">
            {orderNumber}
          </strong>
          . A confirmation is on its way to your inbox, and your order ships within 2-3 days. You can follow it any time on the{' '}
          <Link to={`${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderNumber)}`}>order status page</Link>.
        </p>
      ) : (
        <p className="card">We could not find a recent order in this browser.</p>
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
