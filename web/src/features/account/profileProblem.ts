import { MESSAGES } from '#shared/messages';
import { shippingProfileSchema, type ShippingProfile } from '#shared/schemas/address';

export const PROFILE_FIELDS: { key: keyof ShippingProfile; label: string; type?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'ZIP code' },
];

/** The spec's Save checks, in its order, with its messages (shared schema). */
export function profileProblem(input: ShippingProfile): string | null {
  const profile = Object.fromEntries(
    PROFILE_FIELDS.map(({ key }) => [key, String(input[key] ?? '')]),
  ) as ShippingProfile;
  if (Object.values(profile).some((value) => value.trim() === '')) return MESSAGES.profileFieldsRequired;
  const parsed = shippingProfileSchema.safeParse(profile);
  if (parsed.success) return null;
  const messages = parsed.error.issues.map((issue) => issue.message);
  return (
    [MESSAGES.invalidPhone, MESSAGES.invalidZip, MESSAGES.invalidProfileState].find((m) => messages.includes(m)) ??
    messages[0]
  );
}
