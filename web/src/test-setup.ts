import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; React Router uses them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
