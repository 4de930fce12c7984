/** The static shell's take-over (app/shell.ts): the app renders off the page, then replaces the shell in one step. */
afterEach(() => {
  document.body.innerHTML = '';
  jest.resetModules();
});

const load = async () => import('./shell');

it("with a static shell the app renders into a fresh element, which takes the shell's place (and its id) once, when asked", async () => {
  document.body.innerHTML = '<div id="root" data-shell><header>Shop</header><main id="main"><img alt="photo" /></main></div>';
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
