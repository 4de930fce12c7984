import { configure, getConfig } from '@testing-library/dom';
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

// An element's <label>s, as jsdom finds them, cost every label times every node of the document: jsdom visits each
// node and asks it for its control, and a label's control (for="id") is found by visiting the document again. A
// getByRole computes the accessible name of each candidate (every button, every field) that way, so one query on a
// page of 25 orders' ship forms took a second. The same answer from the document's id index: the labels whose for=
// names this element, and those wrapping it with no for= (jsdom's own control of that label: a walk of the label
// alone). Outside a document (a detached tree, a shadow root) jsdom's own getter answers.
const LABELABLE = [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];
for (const type of LABELABLE) {
  const own = Object.getOwnPropertyDescriptor(type.prototype, 'labels')!;
  Object.defineProperty(type.prototype, 'labels', {
    ...own,
    get(this: HTMLElement) {
      const root = this.getRootNode();
      if (!(root instanceof Document) || (this instanceof HTMLInputElement && this.type === 'hidden'))
        return own.get!.call(this) as NodeListOf<HTMLLabelElement> | null;
      const labels = [...root.getElementsByTagName('label')].filter((label) =>
        label.hasAttribute('for')
          ? label.htmlFor !== '' && root.getElementById(label.htmlFor) === this
          : label.control === this,
      );
      return Object.freeze(labels);
    },
  });
}

// Pages render through the app's route table: a test's first page waits for its lazy module (compiled on first use)
// and its loader, which on a busy machine takes more than Testing Library's default second (and was seen past 4 s
// at a load of 10 on two cores). A wait that finds what it looks for ends at once; the limit only ends one that never
// will, so it is generous, as the tests' own (decision 0095).
// (@testing-library/dom's settings, which React's Testing Library reads: importing that one here, before the test
// framework is set up, would lose its cleanup after each test.)
//
// A findBy or waitFor checks its query at every DOM change and every 50 ms; each check that finds nothing builds an
// error, and Testing Library's own getElementError prints the whole DOM into it (pretty-format over every node,
// cut to 7,000 characters afterwards). On a page of 25 orders that was most of a test's time, and the slower the
// machine, the more checks failed. Inside such a check (Testing Library marks it) the error carries the message
// alone; the DOM is still printed once where someone reads it: when the wait gives up (waitFor's onTimeout asks
// getElementError again, outside a check) and when a getBy fails.
const printDom = getConfig().getElementError;
configure({
  asyncUtilTimeout: 15_000,
  getElementError(message, container) {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
      return printDom(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// React renders a transition (every navigation) in slices of 5 ms, yielding to the browser between them; in jsdom
// what runs between two slices is a waiting findBy's check, due every 50 ms, and each check reads the whole DOM. On
// a page of 25 orders a check took longer than the gap to the next one, so the checks crowded out the render they
// were waiting for, and a slower machine spent a larger share of its time checking. With slices of a second a
// render finishes before the next check (React's own setting for its frame rate; jsdom has no frames to keep).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- react-dom's scheduler, which ships no types
(require('scheduler') as { unstable_forceFrameRate: (fps: number) => void }).unstable_forceFrameRate(1);
