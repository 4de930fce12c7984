/**
 * The tests' one way to wait: asks `read` again and again until it answers `expected` (===), or, with no `expected`,
 * anything truthy, and answers what it read. Fails after `timeoutMs` with what it last saw. A test waits for what it
 * can see, never for a fixed time; the deadline only says when to give up, so a faster or slower machine changes how
 * often it asks, not whether the test passes. Used by the handler tests and the browser journeys (e2e/browser.ts);
 * the web app's tests wait with Testing Library's findBy and waitFor.
 *
 * The clock and the timer are the real ones, taken when this module loads: a test that fakes timers still waits in
 * real time here.
 */
const now = Date.now.bind(Date);
const pause = setTimeout;

export async function until<T>(read: () => T | Promise<T>, expected?: T, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const done = (value: T) => (expected === undefined ? Boolean(value) : value === expected);
  const deadline = now() + timeoutMs;
  for (;;) {
    const last = await read();
    if (done(last)) return last;
    if (now() >= deadline)
      throw new Error(
        `Waited ${timeoutMs} ms for ${expected === undefined ? 'a truthy answer' : JSON.stringify(expected)}, last saw ${JSON.stringify(last)}`,
      );
    await new Promise((resolve) => pause(resolve, everyMs));
  }
}
