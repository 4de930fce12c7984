import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { profilesReadSchema, type ShippingAddress } from '#shared/schemas/address';
import { unescapeText } from '#shared/sanitize';
import { accessToken, api } from '../../lib/api';
import { sameAddress } from './steps';

/** What the shipping step's loader read: the saved profiles as addresses, and the one the latest order shipped to. */
export interface ShippingData {
  profiles: ShippingAddress[];
  lastUsed: number | null;
}
export const NO_PROFILES: ShippingData = { profiles: [], lastUsed: null };

/**
 * The signed-in shopper's saved shipping profiles as checkout addresses (the shipping step's loader), and which of them
 * the latest order shipped to (`lastUsed`); none for a guest (no token: no request).
 */
export async function savedAddresses(): Promise<ShippingData> {
  if (!(await accessToken())) return NO_PROFILES;
  const { data, lastUsed } = await api('/auth/shippingProfiles', profilesReadSchema, { auth: true });
  const profiles = data.map((profile) => ({
    name: unescapeText(profile.name),
    email: unescapeText(profile.email),
    line1: unescapeText(profile.address),
    city: unescapeText(profile.city),
    state: unescapeText(profile.state),
    zip: profile.zip,
  }));
  return { profiles, lastUsed: lastUsed !== null && lastUsed < profiles.length ? lastUsed : null };
}

/**
 * The profile a signed-in shopper's shipping step starts from (issue 34 item 4, docs/decisions/0110): the one their
 * latest order shipped to, else their only one; with several and none used yet, none (the picker chooses).
 */
export function startingProfile({ profiles, lastUsed }: ShippingData): ShippingAddress | null {
  if (lastUsed !== null) return profiles[lastUsed] ?? null;
  return profiles.length === 1 ? profiles[0] : null;
}

/** Nothing typed yet: every field empty. */
export const isBlank = (address: ShippingAddress) => Object.values(address).every((value) => value.trim() === '');

/**
 * The saved profiles the loader read, shown to the shopper they were read for: signed out on this step, none; signed
 * in meanwhile (read for nobody, or for someone else), the loader reads them again.
 */
export function useSavedProfiles(who: string | null): ShippingData {
  const data = useLoaderData<ShippingData>();
  const revalidator = useRevalidator();
  const [read, setRead] = useState({ data, who });
  if (read.data !== data) setRead({ data, who });
  const stale = who !== null && read.who !== who;
  useEffect(() => {
    if (stale) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shopper (the revalidator changes as it runs)
  }, [stale, who]);
  return who !== null && read.who === who ? read.data : NO_PROFILES;
}

/**
 * "Use a saved shipping profile": the profiles to fill the details from; it shows the one the details are now (after
 * the step started from it, or it was picked), and "Choose a profile…" once they differ from every profile.
 */
export function ProfilePicker({
  profiles,
  address,
  onPick,
}: {
  profiles: ShippingAddress[];
  address: ShippingAddress;
  onPick: (profile: ShippingAddress) => void;
}) {
  if (profiles.length === 0) return null;
  const shown = profiles.findIndex((profile) => sameAddress(profile, address));
  return (
    <label>
      Use a saved shipping profile
      <select
        value={shown >= 0 ? String(shown) : ''}
        onChange={(e) => e.target.value !== '' && onPick(profiles[Number(e.target.value)])}
      >
        <option value="">Choose a profile…</option>
        {profiles.map((profile, index) => (
          <option key={index} value={index}>
            {profile.name}, {profile.line1}, {profile.city}
          </option>
        ))}
      </select>
    </label>
  );
}
