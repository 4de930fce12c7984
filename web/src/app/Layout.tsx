import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link, NavigationType, Outlet, useLocation, useNavigation, useNavigationType } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { takeOverShell } from './shell';
import { useAuth, type CurrentUser } from '../features/auth';
import { cartCount, useCart, EarlierVisitNotice } from '../features/cart';
import { CategoryMenu } from '../components/CategoryMenu';
import { SearchBox } from '../components/SearchBox';

/** Where each history entry was scrolled to (by location key), for the back and forward buttons. */
const scrolled = new Map<string, number>();

/**
 * Every page change scrolls to the top (spec section 2); back and forward return to where that entry was
 * scrolled (a category page after "Load more" included: its pages are held, so it renders at once). Changes of
 * the same page's address (sort, pages loaded) keep the position.
 */
function ScrollManager() {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();
  // The entry scroll events belong to. It changes in the layout phase of a navigation, before the browser clamps
  // or resets the position for the new page, so those events never overwrite the old entry's position.
  const current = useRef({ key, pathname });
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => scrolled.set(current.current.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);
  useLayoutEffect(() => {
    const before = current.current;
    if (before.key === key) return;
    current.current = { key, pathname };
    const samePage = before.pathname === pathname;
    const target = navigation === NavigationType.Pop ? scrolled.get(key) : undefined;
    if (target === undefined) {
      if (!samePage || navigation === NavigationType.Pop) window.scrollTo(0, 0);
      return;
    }
    // The page may still be growing (pictures, a page of products from the cache): try until it is tall enough.
    let tries = 0;
    const attempt = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 2 && tries++ < 60) frame = requestAnimationFrame(attempt);
    };
    let frame = requestAnimationFrame(attempt);
    window.scrollTo(0, target);
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [key, pathname, navigation]);
  return null;
}

/**
 * The router shows the next page once its data and code are here (docs/decisions/0076); meanwhile the page shown
 * stays, and a bar at the top (after a moment, so a quick change does not flash it) and the status say the next one
 * is coming. A change of the same page's address (Load more, another order) says so where it happens instead.
 */
function PageProgress() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const coming = navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname !== pathname;
  if (!coming) return null;
  return (
    <div className="page-progress" role="status" data-coming>
      <span className="visually-hidden">Loading the page…</span>
    </div>
  );
}

/** The page title follows the page's heading (the home page has its own). */
function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent?.trim();
      const title =
        pathname === '/' || !heading
          ? 'Seasonal Shop · Candles, apparel, rugs and custom printing'
          : `${heading} · Seasonal Shop`;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
  return null;
}

/** The shop's header: announcement, logo, search, cart (with its count), sign-in or account, categories (a menu on a phone). */
export function SiteHeader({ user, count }: { user: CurrentUser | null; count: number }) {
  return (
    <header className="site-header">
      <div className="promo" aria-label="Announcement">
        <p className="promo-track">
          <span>{MESSAGES.promo}</span>
          <span aria-hidden="true">{MESSAGES.promo}</span>
          <span aria-hidden="true">{MESSAGES.promo}</span>
        </p>
      </div>
      <div className="header-main">
        <Link to="/" className="logo" aria-label="Seasonal Shop home">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span>Seasonal Shop</span>
        </Link>
        <SearchBox />
        <nav className="header-actions" aria-label="Account and cart">
          {/* The name is the visible text ("Cart 2") plus a hidden word, so speech input and screen readers agree
              (axe label-content-name-mismatch). */}
          <Link to="/cart" className="cart-link">
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6" />
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="17" cy="20" r="1.5" />
            </svg>
            Cart
            {count > 0 && (
              <>
                {' '}
                <span className="cart-marker" data-testid="cart-marker">
                  {count}
                </span>
                <span className="visually-hidden">{count === 1 ? ' item' : ' items'}</span>
              </>
            )}
          </Link>
          {user ? (
            <>
              {user.role === 'admin' && <Link to="/admin">Admin</Link>}
              <Link to="/account">Account</Link>
            </>
          ) : (
            <Link to="/login" className="button small">
              Sign In
            </Link>
          )}
        </nav>
      </div>
      <CategoryMenu />
    </header>
  );
}

function Header() {
  const { user } = useAuth();
  const { cart } = useCart();
  return <SiteHeader user={user} count={cartCount(cart)} />;
}

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Shop information">
        <Link to="/about-us">About Us</Link>
        <Link to="/custom-printing">Custom Printing</Link>
        <Link to="/gift-cards">Gift Cards</Link>
        <Link to="/gift-cards/balance">Gift Card Balance</Link>
        <Link to="/faqs">FAQs</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-and-conditions">Terms and Conditions</Link>
        <Link to="/support">Support</Link>
      </nav>
      <nav aria-label="Social media" className="social">
        <a href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">
          Instagram
        </a>
        <a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">
          Facebook
        </a>
        <a href="https://www.tiktok.com/" rel="noopener noreferrer" target="_blank">
          TikTok
        </a>
      </nav>
      <p className="fine">© {new Date().getFullYear()} Seasonal Shop · Made in a small US town</p>
    </footer>
  );
}

/**
 * The page's frame: the skip link, the header, the page in <main>, the footer. The same frame is rendered to HTML
 * at build time around an empty main (app/staticShell.tsx), so the first paint already shows it.
 */
export function Frame({ header, children }: { header: ReactNode; children?: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main">{children}</main>
      <Footer />
    </>
  );
}

export function Layout() {
  // The page is whole from this first commit: it replaces the static shell the HTML came with (app/shell.ts).
  useLayoutEffect(takeOverShell, []);
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <PageProgress />
      <Frame header={<Header />}>
        <EarlierVisitNotice />
        <Outlet />
      </Frame>
    </>
  );
}
