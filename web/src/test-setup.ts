import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; React Router uses them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch Request: React Router builds one for each navigation (its loaders read url and signal) and
// submission (its actions read the JSON body the page posted).
if (typeof globalThis.Request === 'undefined') {
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    readonly body: unknown;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal; body?: unknown } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
      this.body = init.body;
    }
    async text(): Promise<string> {
      if (this.body instanceof URLSearchParams) return this.body.toString();
      return typeof this.body === 'string' ? this.body : '';
    }
    async json(): Promise<unknown> {
      return JSON.parse(await this.text());
    }
    async formData(): Promise<FormData> {
      if (this.body instanceof FormData) return this.body;
      const form = new FormData();
      for (const [name, value] of new URLSearchParams(await this.text())) form.append(name, value);
      return form;
    }
  }
  Object.assign(globalThis, { Request: TestRequest });
}

// Pages render through the app's route table: a test's first page waits for its lazy module (compiled on first use)
// and its loader, which on a busy machine takes more than Testing Library's default second.
// (@testing-library/dom's settings, which React's Testing Library reads: importing that one here, before the test
// framework is set up, would lose its cleanup after each test.)
configure({ asyncUtilTimeout: 4000 });
