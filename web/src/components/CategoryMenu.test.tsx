import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CategoryMenu } from './CategoryMenu';

/** The menu in a router, with a page below it to click on and to tab to. */
function show() {
  const page = (
    <>
      <CategoryMenu />
      <main>
        <p>The page</p>
        <button type="button">Something else</button>
      </main>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/product-list/:slug', element: page },
      { path: '/gift-cards', element: page },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const menuButton = () => screen.getByRole('button', { name: 'Shop by category' });
const list = () => document.getElementById(menuButton().getAttribute('aria-controls')!)!;

it('links every category and gift cards, the spec’s four first (issue 50 item 8)', () => {
  show();
  const links = within(screen.getByRole('navigation', { name: 'Categories' })).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['New Releases', '/product-list/new-releases'],
    ['Hoodies', '/product-list/hoodies'],
    ['Candles', '/product-list/candles'],
    ['Tees', '/product-list/tees'],
    ['Gift Wraps', '/product-list/giftwraps'],
    ['Tumblers', '/product-list/tumblers'],
    ['Rugs', '/product-list/rugs'],
    ['Gift Cards', '/gift-cards'],
  ]);
});

it('the button says whether the menu is open and controls the list; Escape closes it and gives the focus back', async () => {
  show();
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(list().tagName).toBe('UL');
  await userEvent.click(menuButton());
  expect(menuButton().getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('navigation', { name: 'Categories' }).className).toContain('open');
  // Into the list with Tab, as the disclosure pattern has it; Escape from a link closes and returns to the button.
  await userEvent.tab();
  expect(document.activeElement?.textContent).toBe('New Releases');
  await userEvent.keyboard('{Escape}');
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(menuButton());
  // The button toggles it.
  await userEvent.click(menuButton());
  await userEvent.click(menuButton());
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');
});

it('closes when a link is chosen, on a click outside it, and when the focus moves past it', async () => {
  const router = show();
  await userEvent.click(menuButton());
  await userEvent.click(screen.getByRole('link', { name: 'Tumblers' }));
  expect(router.state.location.pathname).toBe('/product-list/tumblers');
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  expect(screen.getByRole('link', { name: 'Tumblers' }).getAttribute('aria-current')).toBe('page');

  await userEvent.click(menuButton());
  await userEvent.click(screen.getByText('The page'));
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');

  await userEvent.click(menuButton());
  screen.getByRole('link', { name: 'Gift Cards' }).focus();
  await userEvent.tab();
  expect(document.activeElement?.textContent).toBe('Something else');
  expect(menuButton().getAttribute('aria-expanded')).toBe('false');
});
