import { MESSAGES } from '#shared/messages';
import { profileProblem } from './profileProblem';

const ok = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '5551234567',
  address: '1 Main',
  state: 'Texas',
  city: 'Austin',
  zip: '73301',
};

it('checks a shipping profile with the spec messages, in order', () => {
  expect(profileProblem(ok)).toBeNull();
  expect(profileProblem({ ...ok, city: ' ' })).toBe(MESSAGES.profileFieldsRequired);
  expect(profileProblem({ ...ok, phone: '555-123' })).toBe(MESSAGES.invalidPhone);
  // The rule holds on the digits: spaces, brackets and dashes are ignored (issue 26).
  expect(profileProblem({ ...ok, phone: '(512) 555-0100' })).toBeNull();
  expect(profileProblem({ ...ok, zip: '7330' })).toBe(MESSAGES.invalidZip);
  expect(profileProblem({ ...ok, state: 'Ontario' })).toBe(MESSAGES.invalidProfileState);
  expect(profileProblem({ ...ok, state: ' tx ' })).toBeNull();
});
