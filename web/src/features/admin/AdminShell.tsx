import { SHEET_WORDS } from '#shared/catalog-sheet';
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
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useCurrentInView } from './rowInView';
import { adminTheme } from './theme';
import './admin.css';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders/pending', label: 'To ship' },
  { to: '/admin/orders/archive', label: 'Orders' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/replacements', label: 'Replacements' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/items', label: 'Stock items' },
  { to: '/admin/stock-alerts', label: 'Back in stock' },
  { to: '/admin/promo-codes', label: 'Promo codes' },
  { to: '/admin/sales', label: 'Sales' },
  { to: '/admin/gift-cards', label: 'Gift cards' },
  { to: '/admin/shipping', label: 'Shipping' },
  { to: '/admin/drafted-products', label: 'Drafted' },
  { to: '/admin/catalog', label: SHEET_WORDS.tab },
  { to: '/admin/inbox', label: 'Inbox' },
];

/**
 * The admin's tabs. Where they do not fit in one row (a desktop: 15 tabs are wider than 1200 px) they wrap onto a
 * second one; on a phone they stay one row that scrolls sideways, with the current tab scrolled into view and the row
 * fading out at each edge that has more tabs behind it (admin.css), so a cut tab reads as "more this way".
 */
function AdminNav() {
  const row = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState({ before: false, after: false });

  useCurrentInView(row, { current: 'a.active' }, pathname);
  // Which edges have tabs behind them: on every scroll, and whenever the row's width changes.
  useEffect(() => {
    const nav = row.current;
    if (!nav) return;
    const mark = () => {
      const before = nav.scrollLeft > 1;
      const after = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(mark) : null;
    resized?.observe(nav);
    mark();
    nav.addEventListener('scroll', mark, { passive: true });
    return () => {
      resized?.disconnect();
      nav.removeEventListener('scroll', mark);
    };
  }, []);

  return (
    <nav
      className="admin-nav"
      aria-label="Admin"
      ref={row}
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      {ADMIN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Every admin page: the Amplify UI theme in the shop's colours and the admin's own navigation. */
export default function AdminShell() {
  return (
    <ThemeProvider theme={adminTheme}>
      <div className="admin-shell">
        <AdminNav />
        <Outlet />
      </div>
    </ThemeProvider>
  );
}
