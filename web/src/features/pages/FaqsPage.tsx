import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

const FAQS = [
  {
    q: 'How long does shipping take?',
    a: 'We ship within 2-3 days. The arrival date at checkout is a safe estimate: 14 days from your order.',
  },
  {
    q: 'How much is shipping?',
    a: 'A flat $5.99 per order, anywhere in the US. Sales tax depends on the state you ship to.',
  },
  {
    q: 'Can I return an item?',
    a: 'If something arrives damaged or wrong we send a replacement within 30 days. We do not give refunds.',
  },
  {
    q: 'Do I need an account to order?',
    a: 'No: you can check out as a guest. An account keeps your cart, shipping profiles and orders, and lets you rate what you bought.',
  },
  { q: 'How do I pay?', a: 'By card at checkout. Your card details go straight to our payment provider.' },
  {
    q: 'How do I delete my account?',
    a: 'Deleting a profile needs an administrator: send us a message through the support form and we remove your account and its data.',
  },
  {
    q: 'How can I reach you?',
    a: 'Use the contact form for questions and the support form for help with an order; we answer within two working days.',
  },
  {
    q: 'Do you print custom designs?',
    a: 'Yes: tees, hoodies, tumblers, gift wrap and more. Send us a quote request with the items you need.',
  },
];

export default function FaqsPage() {
  return (
    <StaticPage title="Frequently Asked Questions">
      {FAQS.map((faq) => (
        <details key={faq.q} className="faq">
          <summary>{faq.q}</summary>
          <p>{faq.a}</p>
        </details>
      ))}
      <p>
        Still wondering? <Link to="/contact-us">Send us a message</Link>.
      </p>
    </StaticPage>
  );
}
