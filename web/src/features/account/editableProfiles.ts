import type { ShippingProfile } from '#shared/schemas/address';
import { unescapeText } from '#shared/sanitize';
import { PROFILE_KEYS } from './profileProblem';

/** A profile on screen: `original` holds the saved values while it is edited; new ones have none. */
export type Editable = ShippingProfile & { editing?: boolean; isNew?: boolean; original?: ShippingProfile };
const BLANK: ShippingProfile = { name: '', email: '', phone: '', address: '', state: '', city: '', zip: '' };

/** A stored profile as the customer typed it (the server keeps text escaped). */
export function unescapeProfile(profile: ShippingProfile): Editable {
  return Object.fromEntries(
    Object.entries(profile).map(([key, value]) => [key, unescapeText(value)]),
  ) as unknown as Editable;
}

/** The list with a new, empty profile open for editing at its end. */
export const withNewProfile = (profiles: Editable[]): Editable[] => [
  ...profiles,
  { ...BLANK, editing: true, isNew: true },
];

/** The list with profile `index` open for editing (its saved values kept, for Cancel). */
export const withEditing = (profiles: Editable[], index: number): Editable[] =>
  profiles.map((p, i) => (i === index ? { ...p, editing: true, original: { ...p } } : p));

/** The list with a field of profile `index` as typed. */
export const withTyped = (profiles: Editable[], index: number, key: keyof ShippingProfile, value: string) =>
  profiles.map((p, i) => (i === index ? { ...p, [key]: value } : p));

/** Cancel on profile `index`: a new one goes, an edited one shows its saved values again. */
export const withCancelled = (profiles: Editable[], index: number): Editable[] =>
  profiles[index].isNew
    ? profiles.filter((_, i) => i !== index)
    : profiles.map((p, i) => (i === index ? { ...(p.original ?? p), editing: false } : p));

/** What Save posts: every profile (the spec posts them all at once), with its fields only. */
export const profilesToSave = (profiles: Editable[]): ShippingProfile[] =>
  profiles.map((p) => Object.fromEntries(PROFILE_KEYS.map((key) => [key, p[key]])) as ShippingProfile);
