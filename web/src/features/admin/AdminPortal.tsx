import { Link } from 'react-router-dom';
import './admin.css';

const LINKS = [
  { to: '/admin/products', title: 'Products', text: 'Edit, draft, delete and add products.' },
  { to: '/admin/items', title: 'Stock items', text: 'Size counts for apparel and gift wraps.' },
  { to: '/admin/orders/pending', title: 'Pending orders', text: 'Orders to pack and ship.' },
  { to: '/admin/drafted-products', title: 'Drafted products', text: 'Products hidden from the shop.' },
  { to: '/admin/inbox', title: 'Inbox', text: 'Contact, support and quote messages.' },
];

export default function AdminPortal() {
  return (
    <section className="page admin">
      <h1>Admin</h1>
      <ul className="admin-links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="card">
              <strong>{link.title}</strong>
              <span>{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
