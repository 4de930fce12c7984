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
