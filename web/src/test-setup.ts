import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; React Router uses them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch Request: React Router builds one for each navigation (its loaders read url and signal).
if (typeof globalThis.Request === 'undefined') {
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  }
  Object.assign(globalThis, { Request: TestRequest });
}
