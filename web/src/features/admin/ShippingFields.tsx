import { gramsOf, packingOf, PACKING_WORDS, PACKINGS } from '#shared/parcels';
import { sizesFor, type Size } from '#shared/sizes';

/**
 * A product's shipping facts as the owner types them (issue 53 item 1, docs/decisions/0160): each size's weight in
 * grams (empty: its kind's usual weight, shown as the placeholder) and how it packs (empty: its kind's rule, named).
 * The rates and labels pack orders from these (shared/parcels.ts).
 */
export function ShippingFields({
  tag,
  weights,
  packing,
  onWeights,
  onPacking,
  idPrefix = '',
}: {
  tag: string;
  weights: Record<string, string>;
  packing: string;
  onWeights: (weights: Record<string, string>) => void;
  onPacking: (packing: string) => void;
  idPrefix?: string;
}) {
  const sizes = sizesFor(tag);
  const kindRule = packingOf({ tag });
  return (
    <>
      {sizes.map((size: Size) => (
        <label key={size}>
          {size === 'CANDLE' ? 'Weight (g)' : `${size} weight (g)`}
          <input
            aria-label={
              size === 'CANDLE' ? `${idPrefix}Shipping weight in grams` : `${idPrefix}${size} shipping weight in grams`
            }
            inputMode="numeric"
            placeholder={String(gramsOf({ tag }, size))}
            value={weights[size] ?? ''}
            onChange={(event) => onWeights({ ...weights, [size]: event.target.value })}
          />
        </label>
      ))}
      <label>
        Packing
        <select aria-label={`${idPrefix}Packing`} value={packing} onChange={(event) => onPacking(event.target.value)}>
          <option value="">{`As its kind: ${PACKING_WORDS[kindRule].split(':')[0]}`}</option>
          {PACKINGS.map((value) => (
            <option key={value} value={value}>
              {PACKING_WORDS[value]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
