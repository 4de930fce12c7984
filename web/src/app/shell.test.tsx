/** The static shell's take-over (app/shell.ts): the app renders off the page, then replaces the shell in one step. */
afterEach(() => {
  document.body.innerHTML = '';
  jest.resetModules();
});

const load = async () => import('./shell');

it("with a static shell the app renders into a fresh element, which takes the shell's place (and its id) once, when asked", async () => {
  document.body.innerHTML =
    '<div id="root" data-shell><header>Shop</header><main id="main"><img alt="photo" /></main></div>';
  const { appContainer, takeOverShell } = await load();
  const shell = document.getElementById('root')!;
  const container = appContainer();
  expect(container).not.toBe(shell);
  expect(container.isConnected).toBe(false);
  container.innerHTML = '<header>Shop</header><main id="main">the app</main>';
  // Until the app's page is whole, the shell (and its photo) stay on the page.
  expect(document.querySelector('img')).not.toBeNull();
  takeOverShell();
  expect(shell.isConnected).toBe(false);
  expect(document.getElementById('root')).toBe(container);
  expect(document.querySelectorAll('#root')).toHaveLength(1);
  expect(document.querySelectorAll('[data-shell]')).toHaveLength(0);
  expect(document.getElementById('main')!.textContent).toBe('the app');
  takeOverShell();
  expect(document.getElementById('root')).toBe(container);
});

it('without a shell (tests, the dev server) the app renders into #root itself and nothing is replaced', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const { appContainer, takeOverShell } = await load();
  const root = document.getElementById('root')!;
  expect(appContainer()).toBe(root);
  takeOverShell();
  expect(document.getElementById('root')).toBe(root);
});

describe('nothing typed is lost at the take-over (docs/decisions/0077)', () => {
  const frame = (q = '') =>
    `<header><form role="search" action="/search"><input type="search" name="q" value="${q}" /><button type="submit">Search</button></form><a href="/cart">Cart</a></header><main id="main"></main>`;

  it("what was typed into the shell's search box goes into the app's, through an input event (a controlled input takes it), with focus and caret", async () => {
    document.body.innerHTML = `<div id="root" data-shell>${frame()}</div>`;
    const { appContainer, takeOverShell } = await load();
    const typed = document.querySelector<HTMLInputElement>('#root input[name=q]')!;
    typed.focus();
    typed.value = 'hoodi';
    typed.setSelectionRange(3, 3);
    const container = appContainer();
    container.innerHTML = frame();
    const box = container.querySelector<HTMLInputElement>('input[name=q]')!;
    const events: string[] = [];
    box.addEventListener('input', (event) => events.push(`${event.type}:${(event.target as HTMLInputElement).value}`));
    takeOverShell();
    expect(box.value).toBe('hoodi');
    expect(events).toEqual(['input:hoodi']);
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([3, 3]);
  });

  it('fields left as the page came are not touched, and a focused link stays focused in the app', async () => {
    document.body.innerHTML = `<div id="root" data-shell>${frame()}</div>`;
    const { appContainer, takeOverShell } = await load();
    document.querySelector<HTMLAnchorElement>('#root a[href="/cart"]')!.focus();
    const container = appContainer();
    container.innerHTML = frame('from the address');
    const box = container.querySelector<HTMLInputElement>('input[name=q]')!;
    const events: string[] = [];
    box.addEventListener('input', () => events.push('input'));
    takeOverShell();
    expect(box.value).toBe('from the address');
    expect(events).toEqual([]);
    expect(document.activeElement).toBe(container.querySelector('a[href="/cart"]'));
  });

  it("a size picked and a quantity typed in the shell's page go to the app's same fields", async () => {
    const product = (quantity = '1') =>
      `<main id="main"><form><select name="size"><option value="">Choose</option><option value="M">M</option></select><input type="number" name="quantity" value="${quantity}" /></form></main>`;
    document.body.innerHTML = `<div id="root" data-shell>${product()}</div>`;
    const { appContainer, takeOverShell } = await load();
    document.querySelector<HTMLSelectElement>('#root select')!.value = 'M';
    document.querySelector<HTMLInputElement>('#root input[name=quantity]')!.value = '3';
    const container = appContainer();
    container.innerHTML = product();
    const changes: string[] = [];
    container.addEventListener('change', (event) => changes.push((event.target as HTMLSelectElement).value));
    takeOverShell();
    expect(container.querySelector<HTMLSelectElement>('select')!.value).toBe('M');
    expect(changes).toEqual(['M']);
    expect(container.querySelector<HTMLInputElement>('input[name=quantity]')!.value).toBe('3');
  });
});

it("the app's own search box (React state) holds what was typed in the shell, taken over in the app's first commit as Layout does", async () => {
  document.body.innerHTML = `<div id="root" data-shell><form role="search"><input type="search" name="q" value="" /></form></div>`;
  const { appContainer, takeOverShell } = await load();
  const { act, useLayoutEffect, useState } = await import('react');
  const { createRoot } = await import('react-dom/client');
  document.querySelector<HTMLInputElement>('#root input')!.value = 'candle';
  let held = '';
  function App() {
    const [text, setText] = useState('');
    held = text;
    useLayoutEffect(takeOverShell, []);
    return (
      <form role="search">
        <input type="search" name="q" value={text} onChange={(event) => setText(event.target.value)} />
      </form>
    );
  }
  const root = createRoot(appContainer());
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root.render(<App />));
  expect(held).toBe('candle');
  expect(document.querySelector<HTMLInputElement>('#root input')!.value).toBe('candle');
  act(() => root.unmount());
});
