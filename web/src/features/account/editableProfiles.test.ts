import type { ShippingProfile } from '#shared/schemas/address';
import {
  profilesToSave,
  unescapeProfile,
  withCancelled,
  withEditing,
  withNewProfile,
  withTyped,
} from './editableProfiles';

/** The account's profiles as the customer edits them (editableProfiles.ts), before anything is saved. */
const home: ShippingProfile = {
  name: 'Ann &amp; Bo',
  email: 'ann@example.com',
  phone: '5125550100',
  address: '1 Main St',
  state: 'TX',
  city: 'Austin',
  zip: '73301',
};
const office: ShippingProfile = { ...home, name: 'Office', address: '9 Work Way' };

it('shows stored text as typed', () => {
  expect(unescapeProfile(home).name).toBe('Ann & Bo');
});

it('Edit then Cancel shows the saved values again; a new profile is taken away by Cancel', () => {
  const open = withEditing([home, office], 1);
  expect(open[1]).toMatchObject({ editing: true, original: office });
  const typed = withTyped(open, 1, 'address', '2 New Rd');
  expect(typed[1].address).toBe('2 New Rd');
  expect(typed[0]).toBe(open[0]);
  expect(withCancelled(typed, 1)).toEqual([home, { ...office, editing: false }]);

  const added = withNewProfile([home]);
  expect(added[1]).toMatchObject({ name: '', zip: '', editing: true, isNew: true });
  expect(withCancelled(added, 1)).toEqual([home]);
});

it('Save posts every profile with its fields only (nothing of the editing state)', () => {
  const typed = withTyped(withEditing([home, office], 0), 0, 'city', 'Round Rock');
  expect(profilesToSave(typed)).toEqual([{ ...home, city: 'Round Rock' }, office]);
});
