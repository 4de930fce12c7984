import { products, type ProductRecord } from '../functions/db/entities/product';
import { createIndexedProduct } from '../functions/domain/catalog/tag-index';

/** Tags of the added products, in turn: a quarter are candles (as in issue 17's measurement). */
const TAGS = ['candles', 'tees,new-releases', 'rugs', 'hoodies,hot'] as const;

/**
 * Grows the catalogue to `target` listed products the way an admin's saves would (each with its index entries),
 * newest last, a quarter tagged candles. Pictures are copied from the listed products that have photos (the
 * image variants exist then), else a plain path. Returns how many candles are listed.
 */
export async function growCatalogue(target: number): Promise<{ listed: number; candles: number }> {
  const listed = await products.query('byStatus', { status: 'listed' });
  const withPhotos = listed.filter((record) => record.photos?.length);
  const start = Date.now() - 1000 * (target + 10);
  for (let i = listed.length; i < target; i++) {
    const model: ProductRecord | undefined = withPhotos[i % Math.max(1, withPhotos.length)];
    const tag = TAGS[i % TAGS.length];
    await createIndexedProduct({
      id: `bench-catalogue-${i}`,
      name: `Seasonal ${tag.split(',')[0]} no. ${i}`,
      description:
        'A bench product with a description of about the length of a real one: hand-poured, printed in small batches, packed in recycled paper, and shipped within two working days.',
      price: 1200 + ((i * 37) % 50) * 100,
      tag,
      stockRef: tag.startsWith('tees') || tag.startsWith('hoodies') ? 'TEE-BASIC' : undefined,
      stock: { CANDLE: 5 },
      image: model?.image ?? '/images/products/bench.jpg',
      extraImages: [],
      ...(model?.photos?.length ? { photos: [model.photos[0]] } : {}),
      ratingCount: i % 5,
      ratingTotal: (i % 5) * (1 + (i % 4)),
      createdAt: new Date(start + i * 1000).toISOString(),
    });
  }
  const all = await products.query('byStatus', { status: 'listed' });
  return {
    listed: all.length,
    candles: all.filter((record) => record.tag.split(',').some((word) => word.trim().toLowerCase() === 'candles'))
      .length,
  };
}
