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

function startApp() {
  if (!tag?.dataset.app) return;
  for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ tag.dataset.app);
}

// A page whose first screen is text (a checkout step's heading and frame) starts after its first paint too.
const painted = (photo ? photo.decode().catch(() => undefined) : Promise.resolve()).then(
  () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
);
void Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, PHOTO_WAIT_MS))]).then(startApp);
