import type { $ZodErrorMap } from 'zod/v4/core';
import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * The one zod every schema, handler and page uses: zod/mini (the same validation with a functional API, a
 * fraction of the code in every Lambda bundle and page: docs/decisions/0021). Import it as a namespace,
 * `import * as z from '.../schemas/zod'`: bundlers then keep only what is used (a re-exported namespace object
 * would keep all of zod).
 *
 * Schemas word the messages a shopper can meet. For the rest (a client sending the wrong shape: a number where
 * text goes, a field left out, an unknown choice) `plainMessage` answers in plain words rather than zod's
 * "Invalid input: expected string, received undefined"; anything it does not word falls back to zod's English.
 */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

const quantity = (origin: string, n: number | bigint) => {
  const count = Number(n);
  if (origin === 'string') return count === 1 ? '1 character' : `${count} characters`;
  if (origin === 'array' || origin === 'set') return count === 1 ? '1 item' : `${count} items`;
  return String(n);
};

export const plainMessage: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return KINDS[issue.expected] ? `Must be ${KINDS[issue.expected]}.` : undefined;
    case 'too_big':
      return `Must be at most ${quantity(issue.origin, issue.maximum)}${issue.inclusive === false ? ' (exclusive)' : ''}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'This field is required.';
      return `Must be at least ${quantity(issue.origin, issue.minimum)}${issue.inclusive === false ? ' (exclusive)' : ''}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${JSON.stringify(issue.values[0])}.`
        : `Must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Must be an id made by the shop (a UUID).';
      if (issue.format === 'datetime' || issue.format === 'date') return 'Must be a date (ISO 8601).';
      return 'Is not in the expected format.';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
    case 'custom':
      return 'Is not a valid value.';
    default:
      return undefined;
  }
};

config({ ...en(), customError: plainMessage });

export * from 'zod/mini';
