import { backoff, retry } from './retry';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A task that fails with the given errors, in order, then answers 'done'. */
function failing(...errors: unknown[]) {
  const calls: number[] = [];
  const task = jest.fn(async () => {
    calls.push(Date.now());
    if (errors.length) throw errors.shift();
    return 'done';
  });
  return { task, calls };
}

it('waits 1, 2, 4 ... seconds (at most 10) between tries, until the task succeeds', async () => {
  expect([0, 1, 2, 3, 4, 5].map((attempt) => backoff(attempt))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  const { task, calls } = failing(new Error('a'), new Error('b'), new Error('c'));
  const retried: number[] = [];
  const result = retry(task, { retryable: () => true, onRetry: (_, attempt) => retried.push(attempt) });
  await jest.advanceTimersByTimeAsync(999);
  expect(task).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1 + 2000 + 4000);
  await expect(result).resolves.toBe('done');
  expect(calls.map((at) => at - calls[0])).toEqual([0, 1000, 3000, 7000]);
  expect(retried).toEqual([0, 1, 2]);
});

it('an error retrying cannot help is thrown at once, without waiting', async () => {
  const refused = Object.assign(new Error('out of stock'), { status: 409 });
  const { task } = failing(new Error('network'), refused);
  const result = retry(task, { retryable: (error) => (error as { status?: number }).status !== 409 });
  const outcome = expect(result).rejects.toBe(refused);
  await jest.advanceTimersByTimeAsync(1000);
  await outcome;
  expect(task).toHaveBeenCalledTimes(2);
});

it('the wait can follow the error (a 429’s Retry-After), tries can be limited, and a signal stops the waiting', async () => {
  const slow = Object.assign(new Error('429'), { retryAfterSeconds: 3 });
  const { task, calls } = failing(slow);
  const result = retry(task, {
    retryable: () => true,
    delayMs: (attempt, error) =>
      Math.max(backoff(attempt), ((error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 0) * 1000),
  });
  await jest.advanceTimersByTimeAsync(3000);
  await expect(result).resolves.toBe('done');
  expect(calls[1] - calls[0]).toBe(3000);

  const last = new Error('again');
  const limited = retry(failing(new Error('x'), last).task, { retryable: () => true, attempts: 2 });
  const limitedOutcome = expect(limited).rejects.toBe(last);
  await jest.advanceTimersByTimeAsync(1000);
  await limitedOutcome;

  const controller = new AbortController();
  const forever = failing(...Array.from({ length: 50 }, () => new Error('down')));
  const stopped = retry(forever.task, { retryable: () => true, signal: controller.signal });
  const stoppedOutcome = expect(stopped).rejects.toThrow('left the page');
  await jest.advanceTimersByTimeAsync(500);
  controller.abort(new Error('left the page'));
  await stoppedOutcome;
  await jest.advanceTimersByTimeAsync(60_000);
  expect(forever.task).toHaveBeenCalledTimes(1);
});
