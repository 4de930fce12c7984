/**
 * Settles in a new task of the main thread: the work before it ends a task, so a tap, a key or a paint can come in
 * between (docs/decisions/0082). `scheduler.yield()` where the browser has it (the rest of the work goes first
 * among waiting tasks), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Focuses `element` once the page it is on has painted, without scrolling to it (issue 50 item 17): a focus in the
 * effects of the commit that shows a page makes Chrome lay the whole new page out inside that task (38 ms of a 52 ms
 * task on the cart, traced), where the frame would have laid it out on its own. Not when the focus has moved since
 * the page showed (a field clicked meanwhile keeps it). Answers a cancel for the effect's clean-up.
 */
export function focusAfterPaint(element: HTMLElement | null): () => void {
  if (!element) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Where the focus was when the page showed: a shopper (or a test) who has moved it since keeps it where they put it.
  const before = document.activeElement;
  const focus = () => {
    timer = setTimeout(() => {
      const now = document.activeElement;
      if (now === before || now === null || now === document.body) element.focus({ preventScroll: true });
    }, 0);
  };
  // Where there are no frames (jsdom), the next task.
  if (typeof requestAnimationFrame !== 'function') {
    focus();
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(focus);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
