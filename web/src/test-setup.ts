import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; React Router uses them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch Request: React Router builds one for each navigation (its loaders read url and signal) and for
// each submission (its actions read the body: JSON, form data or text).
if (typeof globalThis.Request === 'undefined') {
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    readonly headers: Headers;
    readonly body: unknown;
    constructor(
      input: string | URL,
      init: { method?: string; signal?: AbortSignal; body?: unknown; headers?: Record<string, string> | Headers } = {},
    ) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
      this.body = init.body ?? null;
      this.headers = new Headers(init.headers);
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
      const data = new FormData();
      if (this.body instanceof URLSearchParams) for (const [key, value] of this.body) data.append(key, value);
      return data;
    }
  }
  Object.assign(globalThis, { Request: TestRequest });
}

// Nor a fetch Response: React Router's redirect() and replace() answer one from a loader or an action.
if (typeof globalThis.Response === 'undefined') {
  class TestResponse {
    readonly status: number;
    readonly statusText: string;
    readonly headers: Headers;
    readonly body: unknown;
    constructor(body: unknown = null, init: { status?: number; statusText?: string; headers?: HeadersInit } = {}) {
      this.body = body;
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? '';
      this.headers = new Headers(init.headers);
    }
    get ok(): boolean {
      return this.status >= 200 && this.status < 300;
    }
    async text(): Promise<string> {
      return typeof this.body === 'string' ? this.body : '';
    }
    async json(): Promise<unknown> {
      return JSON.parse(await this.text());
    }
  }
  Object.assign(globalThis, { Response: TestResponse });
}

// Pages render through the app's route table: a test's first page waits for its lazy module (compiled on first use)
// and its loader, which on a busy machine takes more than Testing Library's default second.
// (@testing-library/dom's settings, which React's Testing Library reads: importing that one here, before the test
// framework is set up, would lose its cleanup after each test.)
configure({ asyncUtilTimeout: 4000 });
