import {
  deleteShippingProfileBodySchema,
  profilesAnswerSchema,
  profilesReadSchema,
  shippingProfilesBodySchema,
} from '../schemas/address';
import { validateAdminSchema } from '../schemas/common';
import type { RouteDef } from './types';

const PROFILES_CHANGED = 'The profiles changed meanwhile (another tab): reload and try again';

/** The signed-in account: whether it is the owner's, and its shipping profiles (a part of ACCOUNT_ROUTES). */
export const ACCOUNT_PROFILE_ROUTES = [
  {
    method: 'GET',
    path: '/auth/validateAdmin',
    handler: 'accounts/validate-admin',
    access: 'user',
    table: 'none',
    answer: validateAdminSchema,
    refusals: { 403: 'The caller is a customer, not in the admin group (the spec’s answer)' },
    summary: 'Whether the caller is in the admin group; 403 for a customer',
  },
  {
    method: 'GET',
    path: '/auth/shippingProfiles',
    handler: 'accounts/get-shipping-profiles',
    access: 'user',
    table: 'read',
    answer: profilesReadSchema,
    summary: '{data: [profiles], lastUsed}: lastUsed is the index of the profile the latest order shipped to, or null',
  },
  {
    method: 'POST',
    path: '/auth/shippingProfiles',
    handler: 'accounts/save-shipping-profiles',
    access: 'user',
    table: 'readwrite',
    body: shippingProfilesBodySchema,
    answer: profilesAnswerSchema,
    summary: 'Replaces the list of shipping profiles (validated and sanitised)',
  },
  {
    method: 'DELETE',
    path: '/auth/shippingProfiles',
    handler: 'accounts/delete-shipping-profile',
    access: 'user',
    table: 'readwrite',
    body: deleteShippingProfileBodySchema,
    answer: profilesAnswerSchema,
    refusals: { 404: 'No profile at this index', 409: PROFILES_CHANGED },
    summary: 'Removes the profile at {index}',
  },
] as const satisfies readonly RouteDef[];
