import { checked } from './checked';
import { contactFormSchema } from './forms';
import * as z from './zod';

const form = { name: 'Ada', email: 'ada@example.com', message: 'Blue ink please' };

it('gives the parsed data of a value the schema takes', () => {
  expect(checked(contactFormSchema, { ...form, name: '  Ada ' })).toEqual({ ok: true, data: { ...form, name: 'Ada' } });
});

it('words a refused field beside it (the first message per field), and the form as a whole', () => {
  expect(checked(contactFormSchema, { ...form, name: '   ', email: 'nope' })).toEqual({
    ok: false,
    message: 'Please check the highlighted fields.',
    fields: { name: 'Name is required.', email: 'Please enter a valid email address.' },
  });
});

it('keys a nested field by its path, and a refusal of the whole value under _ as the message', () => {
  const address = z.object({ address: z.object({ zip: z.string().check(z.regex(/^\d{5}$/, 'Bad ZIP.')) }) });
  expect(checked(address, { address: { zip: '1' } })).toEqual({
    ok: false,
    message: 'Please check the highlighted fields.',
    fields: { 'address.zip': 'Bad ZIP.' },
  });
  const whole = z.string().check(z.refine(() => false, 'Not this one.'));
  expect(checked(whole, 'x')).toEqual({ ok: false, message: 'Not this one.', fields: { _: 'Not this one.' } });
});
