import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { HEADER_LINKS } from '#shared/categories';

/**
 * The header's categories (issue 50 item 8): every category and gift cards. On a wider screen a row of links; on a
 * phone (the CSS decides, so the first HTML is right at any width) a disclosure menu: a button that says whether it is
 * open (`aria-expanded`) and shows or hides the list (WAI-ARIA's disclosure navigation pattern). Escape closes it and
 * gives the focus back to the button; choosing a link, a click outside it, or the focus leaving it closes it too.
 */
export function CategoryMenu() {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a link chosen (the page changes) leaves it closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (shown: boolean) => setOpenOn(shown ? pathname : null);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // While open: a click or a tap outside the menu closes it (a click on the button toggles it by itself), and so does
  // Escape, which gives the focus back to the button when it was in the menu (or nowhere).
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focused = document.activeElement;
      setOpenOn(null);
      if (!focused || focused === document.body || nav.current?.contains(focused)) button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <nav
      ref={nav}
      className={open ? 'category-nav open' : 'category-nav'}
      aria-label="Categories"
      onBlur={(event) => {
        // Focus moved on to something outside the menu (Tab past its last link): it closes behind it.
        if (event.relatedTarget && !nav.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="secondary menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path strokeWidth="2" strokeLinecap="round" d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
        Shop by category
      </button>
      <ul id={listId} className="category-links">
        {HEADER_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
