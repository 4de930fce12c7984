import { MESSAGES } from '#shared/messages';
import { shippingProfileSchema, type ShippingProfile } from '#shared/schemas/address';

/** A profile's fields, in the form's order (ProfileCard.tsx). */
export const PROFILE_KEYS: (keyof ShippingProfile)[] = ['name', 'email', 'phone', 'address', 'city', 'state', 'zip'];

/** The spec's Save checks, in its order, with its messages (shared schema). */
export function profileProblem(input: ShippingProfile): string | null {
  const profile = Object.fromEntries(PROFILE_KEYS.map((key) => [key, String(input[key] ?? '')])) as ShippingProfile;
  if (Object.values(profile).some((value) => value.trim() === '')) return MESSAGES.profileFieldsRequired;
  const parsed = shippingProfileSchema.safeParse(profile);
  if (parsed.success) return null;
  const messages = parsed.error.issues.map((issue) => issue.message);
  return (
    [MESSAGES.invalidPhone, MESSAGES.invalidZip, MESSAGES.invalidProfileState].find((m) => messages.includes(m)) ??
    messages[0]
  );
}
