/** How long to wait before try `attempt + 1` (attempt counts from 0): doubling from `firstMs`, at most `maxMs`. */
export const backoff = (attempt: number, firstMs = 1000, maxMs = 10_000) => Math.min(maxMs, firstMs * 2 ** attempt);

export interface RetryOptions {
  /** Whether trying again could help after `error`; when not, retry throws it at once. */
  retryable: (error: unknown) => boolean;
  /** How long to wait after the failed try `attempt` (from 0); default `backoff(attempt)`. */
  delayMs?: (attempt: number, error: unknown) => number;
  /** Told of each failure that will be tried again (before the wait). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** Tries in all (default: no limit); the last failure is thrown. */
  attempts?: number;
  /** Stops waiting and trying: retry then throws the signal's reason. */
  signal?: AbortSignal;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Runs `task` until it succeeds, waiting between tries; an error that is not `retryable` (or the last allowed try's)
 * is thrown. One helper for the web app's retries instead of a loop inside a component.
 */
export async function retry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw options.signal.reason as Error;
    try {
      return await task();
    } catch (error) {
      if (!options.retryable(error) || (options.attempts !== undefined && attempt + 1 >= options.attempts)) throw error;
      options.onRetry?.(error, attempt);
      await wait(options.delayMs ? options.delayMs(attempt, error) : backoff(attempt), options.signal);
    }
  }
}
