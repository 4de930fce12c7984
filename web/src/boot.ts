/**
 * The first script of a page that paints from its HTML (a product page: the static shell with the main photo in it,
 * app/shell.ts, docs/decisions/0058; the home page, the cart and the checkout steps: their first screens, 0120). The page function puts it where the app's module script was, with the app's
 * entry (`data-app`) and the modules to preload with it (`data-preload`). It waits until the shell's photo has
 * painted, then starts the app: the photo, the page's largest element, never waits for the app's code, and the app
 * then takes over the page (the same photo, already decoded). Kept tiny: it is all that runs before the photo.
 */
const PHOTO_WAIT_MS = 3000;

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const photo = document.querySelector<HTMLImageElement>('#root[data-shell] main img');

/**
 * The app starts in short tasks of the main thread (docs/decisions/0133), so a tap is never kept waiting by it:
 * appending a `<link rel=modulepreload>` costs about a millisecond here and a page's code is 30-40 chunks, so they
 * are appended a few milliseconds' worth per task, the app's entry first (it downloads and compiles beside its
 * chunks, not after them); then each chunk runs (is imported) in a task of its own, the entry last. A module runs
 * once, however it is reached, so running a chunk before the entry that imports it changes nothing but when.
 */
const SLICE_MS = 4;
const yieldTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startApp() {
  const app = tag?.dataset.app;
  if (!app) return;
  const preloads = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  let sliceStart = performance.now();
  for (const href of [app, ...preloads]) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldTask();
      sliceStart = performance.now();
    }
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const href of preloads) {
    // A chunk that fails here fails the entry's import below too, which is where the app's own handling is.
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await yieldTask();
  }
  void import(/* @vite-ignore */ app);
}

// A page whose first screen is text (a checkout step's heading and frame) starts after its first paint too.
const painted = (photo ? photo.decode().catch(() => undefined) : Promise.resolve()).then(
  () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
);
void Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, PHOTO_WAIT_MS))]).then(() => startApp());
