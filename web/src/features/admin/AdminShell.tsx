import { ThemeProvider } from '@aws-amplify/ui-react';
// Amplify UI's tokens and only the primitives the admin uses (not its global reset): loaded with the admin chunk.
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/alert.css';
import '@aws-amplify/ui-react/styles/badge.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/heading.css';
import '@aws-amplify/ui-react/styles/icon.css';
import '@aws-amplify/ui-react/styles/input.css';
import '@aws-amplify/ui-react/styles/loader.css';
import '@aws-amplify/ui-react/styles/pagination.css';
import '@aws-amplify/ui-react/styles/searchField.css';
import '@aws-amplify/ui-react/styles/select.css';
import '@aws-amplify/ui-react/styles/selectField.css';
import '@aws-amplify/ui-react/styles/table.css';
import '@aws-amplify/ui-react/styles/tabs.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';
import { NavLink, Outlet } from 'react-router-dom';
import { adminTheme } from './theme';
import './admin.css';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders/pending', label: 'To ship' },
  { to: '/admin/orders/archive', label: 'Orders' },
  { to: '/admin/replacements', label: 'Replacements' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/items', label: 'Stock items' },
  { to: '/admin/stock-alerts', label: 'Back in stock' },
  { to: '/admin/promo-codes', label: 'Promo codes' },
  { to: '/admin/drafted-products', label: 'Drafted' },
  { to: '/admin/inbox', label: 'Inbox' },
];

/** Every admin page: the Amplify UI theme in the shop's colours and the admin's own navigation. */
export default function AdminShell() {
  return (
    <ThemeProvider theme={adminTheme}>
      <div className="admin-shell">
        <nav className="admin-nav" aria-label="Admin">
          {ADMIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </div>
    </ThemeProvider>
  );
}
