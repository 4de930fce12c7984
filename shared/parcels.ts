import { tagWords, type Size } from './sizes';

/**
 * What a parcel is (issue 53 item 1, docs/decisions/0160): each product size has a shipping weight (its `weightGrams`,
 * set in the admin and the spreadsheet's Variant Grams) and a packing rule (its kind's, or the product's own
 * `packing`); `packOrder` puts an order's units into the shop's boxes. One pure rule for the rates at the shipping
 * step, the labels and their tests.
 */

/**
 * How a unit is packed:
 * - `soft`: folds into a poly mailer, or rides in a box with anything else (tees, hoodies, gift wraps);
 * - `boxed`: needs a box with padding (candles, tumblers);
 * - `alone`: ships in its own parcel, one unit each (a rolled rug).
 */
export const PACKINGS = ['soft', 'boxed', 'alone'] as const;
export type Packing = (typeof PACKINGS)[number];

/** What the owner's form and the schemas say of each packing rule. */
export const PACKING_WORDS: Record<Packing, string> = {
  soft: 'Soft: a mailer, or a box with anything else',
  boxed: 'Boxed: a padded box',
  alone: 'On its own: its own parcel per unit (a rolled rug)',
};

export interface Box {
  id: BoxId;
  name: string;
  /** Outside measures, whole inches, longest first (what a carrier rates). */
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  /** The box or mailer itself with its padding, grams. */
  tareGrams: number;
  /** The most its contents may weigh, grams. */
  maxGrams: number;
}

export const BOX_IDS = ['mailer', 'small', 'medium', 'large', 'roll'] as const;
export type BoxId = (typeof BOX_IDS)[number];

/** The shop's boxes, smallest first; `roll` carries one `alone` unit (a rug rolled in a tube of card). */
export const BOXES: Record<BoxId, Box> = {
  mailer: { id: 'mailer', name: 'Poly mailer', lengthIn: 14, widthIn: 10, heightIn: 2, tareGrams: 30, maxGrams: 2000 },
  small: { id: 'small', name: 'Small box', lengthIn: 8, widthIn: 8, heightIn: 6, tareGrams: 150, maxGrams: 3000 },
  medium: { id: 'medium', name: 'Medium box', lengthIn: 12, widthIn: 10, heightIn: 8, tareGrams: 300, maxGrams: 8000 },
  large: { id: 'large', name: 'Large box', lengthIn: 18, widthIn: 14, heightIn: 12, tareGrams: 500, maxGrams: 15000 },
  roll: { id: 'roll', name: 'Rug roll', lengthIn: 40, widthIn: 8, heightIn: 8, tareGrams: 400, maxGrams: 60000 },
};

/** The boxes that take `soft` and `boxed` units, smallest first (a mailer only when all are soft). */
const BOX_ORDER: readonly BoxId[] = ['mailer', 'small', 'medium', 'large'];
/** The most a shared box carries: the largest's. */
const MOST_IN_A_BOX = BOXES.large.maxGrams;

/** A kind's packing rule and the weight of a size without its own (grams), by the product's first kind word. */
const KINDS: { word: string; packing: Packing; grams: number }[] = [
  { word: 'rugs', packing: 'alone', grams: 2600 },
  { word: 'candles', packing: 'boxed', grams: 400 },
  { word: 'tumblers', packing: 'boxed', grams: 450 },
  { word: 'hoodies', packing: 'soft', grams: 600 },
  { word: 'shirts', packing: 'soft', grams: 200 },
  { word: 'tees', packing: 'soft', grams: 180 },
  { word: 'giftwraps', packing: 'soft', grams: 120 },
];
/** Anything else: boxed, half a kilo. */
const OTHER = { packing: 'boxed' as Packing, grams: 500 };

function kindOf(tag: string) {
  const words = tagWords(tag);
  return KINDS.find((kind) => words.includes(kind.word)) ?? OTHER;
}

/** What a product says of its shipping: its tags, its weights per size and its own packing rule, if set. */
export interface ShippingFacts {
  tag: string;
  weightGrams?: Partial<Record<Size, number>>;
  packing?: Packing;
}

/** A unit's packing rule: the product's own, else its kind's. */
export const packingOf = (product: ShippingFacts): Packing => product.packing ?? kindOf(product.tag).packing;

/** A size's shipping weight: the product's own for the size, else its kind's usual weight. */
export const gramsOf = (product: ShippingFacts, size: Size): number =>
  product.weightGrams?.[size] ?? kindOf(product.tag).grams;

/** A line to pack: what one unit weighs and how it packs, and how many. */
export interface PackLine {
  grams: number;
  packing: Packing;
  quantity: number;
  /** Which line of the order (its index), so a parcel says what it holds. */
  line: number;
}

export interface Parcel {
  box: Box;
  /** Contents and box, grams. */
  grams: number;
  /** Each line's units in this parcel. */
  contents: { line: number; quantity: number }[];
}

/** A parcel's weight in ounces, whole and at least 1, as carriers and rate APIs take it (1 oz = 28.349523125 g). */
export const parcelOunces = (parcel: Pick<Parcel, 'grams'>) => Math.max(1, Math.ceil(parcel.grams / 28.349523125));

/**
 * Packs an order's units into the shop's boxes. `alone` units each get a rug roll. The others are packed heaviest
 * first, each into the first open parcel it fits in (contents at most a large box's 15 kg), else a new one (first
 * fit decreasing); each parcel then takes the smallest box that holds its contents: a mailer when all of them are
 * soft, else the smallest box. A unit heavier than a large box holds still gets a large box of its own. The same
 * order always gives the same parcels; no lines, or lines of quantity 0, give none.
 */
export function packOrder(lines: readonly PackLine[]): Parcel[] {
  const units = lines
    .flatMap((line) => Array.from({ length: Math.max(0, line.quantity) }, () => line))
    .sort((a, b) => b.grams - a.grams || a.line - b.line);
  const alone: Parcel[] = [];
  const open: { grams: number; soft: boolean; units: PackLine[] }[] = [];
  for (const unit of units) {
    if (unit.packing === 'alone') {
      const box = BOXES.roll;
      alone.push({ box, grams: unit.grams + box.tareGrams, contents: [{ line: unit.line, quantity: 1 }] });
      continue;
    }
    let parcel = open.find((candidate) => candidate.grams + unit.grams <= MOST_IN_A_BOX);
    if (!parcel) open.push((parcel = { grams: 0, soft: true, units: [] }));
    parcel.grams += unit.grams;
    parcel.soft &&= unit.packing === 'soft';
    parcel.units.push(unit);
  }
  const packed = open.map(({ grams, soft, units: held }) => {
    const fits = BOX_ORDER.filter((id) => (soft || id !== 'mailer') && BOXES[id].maxGrams >= grams);
    const box = BOXES[fits[0] ?? 'large'];
    const contents: Parcel['contents'] = [];
    for (const unit of held) {
      const entry = contents.find((item) => item.line === unit.line);
      if (entry) entry.quantity += 1;
      else contents.push({ line: unit.line, quantity: 1 });
    }
    contents.sort((a, b) => a.line - b.line);
    return { box, grams: grams + box.tareGrams, contents };
  });
  return [...packed, ...alone];
}

/** An order's lines as `packOrder` takes them, from each line's product facts (gift cards ship nothing: left out). */
export function packLinesOf(lines: readonly { size: string; quantity: number; product?: ShippingFacts }[]): PackLine[] {
  return lines.flatMap((line, index) =>
    line.product
      ? [
          {
            grams: gramsOf(line.product, line.size as Size),
            packing: packingOf(line.product),
            quantity: line.quantity,
            line: index,
          },
        ]
      : [],
  );
}
