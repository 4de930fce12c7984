import { getOrders, getPreviousOrder, getProfiles, getRatings } from './accountApi';

/**
 * /account's loader (docs/decisions/0076), loaded beside the page's code (app/routes.tsx): the customer's shipping
 * profiles, the items of their orders, their orders and their ratings, each on its own (one that cannot be read
 * leaves its part empty, the others show). Signed out, every part is empty and the page sends them home.
 */
export async function accountLoader() {
  const [profiles, previous, orders, ratings] = await Promise.allSettled([getProfiles(), getPreviousOrder(), getOrders(), getRatings()]);
  if (profiles.status === 'rejected') console.error('profile load failed', profiles.reason);
  return {
    profiles: profiles.status === 'fulfilled' ? profiles.value : [],
    previous: previous.status === 'fulfilled' ? previous.value : [],
    orders: orders.status === 'fulfilled' ? orders.value : [],
    ratings: ratings.status === 'fulfilled' ? ratings.value : {},
  };
}
