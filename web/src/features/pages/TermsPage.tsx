import { StaticPage } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms and Conditions">
      <h2>Orders and payment</h2>
      <p>
        Prices are in US dollars. Sales tax is charged by the state you ship to; shipping and handling is a flat $5.99.
      </p>
      <h2>Shipping</h2>
      <p>Orders ship within 2-3 days; the estimated arrival shown at checkout is 14 days from the day you order.</p>
      <h2>Returns</h2>
      <p>
        If an item arrives damaged or wrong, we send a replacement within 30 days of delivery. We do not give refunds.
      </p>
      <h2>Age</h2>
      <p>You must be at least 18 years old to order, or have the consent of a parent or guardian.</p>
    </StaticPage>
  );
}
