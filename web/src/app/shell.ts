/**
 * The static shell (docs/decisions/0058). The built index.html carries the page's frame (header, empty main,
 * footer) rendered at build time from the app's own components (app/staticShell.tsx, web/vite.config.mts) inside
 * `<div id="root" data-shell>`; for a product page the page function puts the main photo into that main. So the
 * first paint shows the frame and the page's largest photo before any script has run.
 *
 * On such a page the app starts once the photo has painted (web/src/boot.ts). It renders into a fresh element,
 * off the page, and takes the shell's place in the commit in which its page is whole (Layout's layout effect,
 * before the browser paints): no blank frame, no "Loading…", the photo stays where it was (the same image, already
 * decoded). Without a shell (tests, the dev server) it renders into #root.
 */
let fresh: HTMLElement | null = null;

/** Where the app renders: #root itself, or, when #root holds the static shell, a fresh element that replaces it later. */
export function appContainer(): HTMLElement {
  const root = document.getElementById('root')!;
  if (!root.hasAttribute('data-shell')) return root;
  fresh = document.createElement('div');
  return fresh;
}

/** Puts the app where the static shell is (once; nothing to do without a shell). */
export function takeOverShell(): void {
  if (!fresh || fresh.isConnected) return;
  const shell = document.getElementById('root');
  if (!shell) return;
  // The announcement scrolls: the app's copy goes on from where the shell's was, so the text does not jump back.
  const scrolled = shell.querySelector('.promo-track')?.getAnimations?.()[0]?.currentTime;
  shell.removeAttribute('id');
  shell.replaceWith(fresh);
  fresh.id = 'root';
  const animation = fresh.querySelector('.promo-track')?.getAnimations?.()[0];
  if (animation && scrolled != null) animation.currentTime = scrolled;
}
