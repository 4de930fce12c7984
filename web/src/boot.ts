/**
 * The first script of a page that paints from its HTML (a product page: the static shell with the main photo in it,
 * app/shell.ts, docs/decisions/0058; the home page, the cart and the checkout steps: their first screens, 0120). The page function puts it where the app's module script was, with the app's
 * entry (`data-app`) and the modules to preload with it (`data-preload`). It waits until the shell's photo has
 * painted, then starts the app: the photo, the page's largest element, never waits for the app's code, and the app
 * then takes over the page (the same photo, already decoded). Kept tiny: it is all that runs before the photo.
 */
import { FONT_STRIKES } from './lib/fontStrikes';

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

/** Runs `step` on each item, a few milliseconds' worth per task of the main thread. */
async function inSlices<T>(items: readonly T[], step: (item: T) => void) {
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldTask();
      sliceStart = performance.now();
    }
    step(item);
  }
}

/**
 * The first text laid out in a size and weight not yet on the page makes the browser ask the system for that font, a
 * synchronous round trip of 1-3 ms here; a page of the app sets its text in a dozen the static shell does not, and
 * its take-over laid them all out in one task (10-25 ms of its 11-35 here). So each size and weight the pages use
 * (lib/fontStrikes.ts) is laid out here first, in an invisible box a few per task, while the app's code downloads:
 * the take-over finds them ready (docs/decisions/0134).
 */
async function layOutFonts() {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText =
    'position:absolute;top:0;left:0;width:1px;height:1px;overflow:hidden;visibility:hidden;contain:strict';
  document.body.append(box);
  const strikes = Object.entries(FONT_STRIKES).flatMap(([family, sizes]) =>
    sizes.map((size) => `${size} var(${family})`),
  );
  await inSlices(strikes, (font) => {
    const text = document.createElement('span');
    text.style.font = font;
    text.textContent = 'Aa';
    box.append(text);
    void text.offsetWidth;
  });
  box.remove();
}

async function startApp() {
  const app = tag?.dataset.app;
  if (!app) return;
  const preloads = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  await inSlices([app, ...preloads], (href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  });
  await yieldTask();
  await layOutFonts();
  for (const href of preloads) {
    await yieldTask();
    // A chunk that fails here fails the entry's import below too, which is where the app's own handling is.
    await import(/* @vite-ignore */ href).catch(() => undefined);
  }
  await yieldTask();
  void import(/* @vite-ignore */ app);
}

// A page whose first screen is text (a checkout step's heading and frame) starts after its first paint too.
const painted = (photo ? photo.decode().catch(() => undefined) : Promise.resolve()).then(
  () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
);
void Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, PHOTO_WAIT_MS))]).then(() => startApp());
