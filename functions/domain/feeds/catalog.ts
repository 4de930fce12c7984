import { stockItems } from '../../db/entities/stock-item';
import { sizesLeft, withShards } from '../catalog/availability';
import { dropsOn } from '../stock/shards';
import { listProductRecords } from '../catalog/products';
import { salesAt } from '../catalog/sales';
import { readDefaultBrand } from '../catalog/settings';
import { googleFeedXml } from './google';
import { feedItems, type FeedItem, type FeedProduct } from './items';
import { metaFeedCsv } from './meta';

/**
 * Every listed product with the units each size has left, as the feeds read them: the products by their index, their
 * stock items in one BatchGetItem. Drafted and retired products are not in the feeds.
 */
export async function feedCatalog(now = new Date()): Promise<FeedProduct[]> {
  const records = await listProductRecords('listed');
  const itemIds = [...new Set(records.flatMap((record) => (record.stockRef ? [record.stockRef] : [])))];
  const items = new Map(
    (itemIds.length ? await stockItems.getMany(itemIds.map((id) => ({ id }))) : []).map((item) => [item.id, item]),
  );
  const onDrop = await dropsOn(records.map((record) => ({ id: record.id, name: record.name, quantity: 0 })));
  return Promise.all(
    records.map(async (record) => {
      const item = record.stockRef ? (items.get(record.stockRef) ?? null) : null;
      const available = Object.fromEntries(
        (await withShards(record, item, sizesLeft(record, item))).map((size) => [size.size, size.available]),
      );
      // A drop that has not started: its sizes say when they go on sale (docs/decisions/0172).
      const drop = onDrop.get(record.id);
      const early = drop && drop.startsAt > now.toISOString() ? drop : undefined;
      return {
        record,
        available,
        ...(early ? { availableFrom: Object.fromEntries(early.sizes.map((s) => [s.size, early.startsAt])) } : {}),
      };
    }),
  );
}

/** The feed items of the catalogue now, with the catalogue's sales and the shop's default brand. */
export async function catalogFeedItems(origin: string, now = new Date()): Promise<FeedItem[]> {
  const catalog = await feedCatalog(now);
  const [saleOf, defaultBrand] = await Promise.all([salesAt(now), readDefaultBrand()]);
  return feedItems(catalog, { origin, defaultBrand, saleOf });
}

/** What a feed answers: kept by CloudFront for 15 minutes (shared/feeds.ts), by browsers not at all. */
export const FEED_CACHE_CONTROL = 'public, max-age=0, s-maxage=900';

export const googleFeed = async (origin: string) => googleFeedXml(await catalogFeedItems(origin), origin);
export const metaFeed = async (origin: string) => metaFeedCsv(await catalogFeedItems(origin));
