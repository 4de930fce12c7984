import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { PHOTO_SIZES } from '#shared/images';
import { CART_MESSAGES, MESSAGES, reviewsLine } from '#shared/messages';
import type { Product, ProductDetail } from '#shared/schemas/product';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE, isSize, MAX_QUANTITY, MIN_QUANTITY, hasTag, sizeKind, sizesFor } from '#shared/sizes';
import { FormError } from '../../components/FormError';
import { noteStep } from '../../lib/funnel';
import type { productLoader } from './loaders';
import { HotItems } from '../../components/HotItems';
import { Photo } from '../../components/Photo';
import { SalePrice } from '../../components/SalePrice';
import { reveal } from '../../lib/reveal';
import { fitsInLine, useCart } from '../cart';
import { RestockForm, restockAction } from './RestockForm';
import { DropPanel } from './DropPanel';
import './catalog.css';

/** The page's writes: "Email me when it's back" (RestockForm). */
export const action = restockAction;

/**
 * /product/:id: images, details, size and quantity, Add to Cart (spec sections 2 and 5); the route's loader reads the
 * product.
 */
export default function ProductPage() {
  const { product, hot } = useLoaderData<typeof productLoader>();
  if (!product) {
    return (
      <section className="page narrow">
        <h1>{MESSAGES.productNotFound}</h1>
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </section>
    );
  }
  return <ProductView key={product.id} product={product} hot={hot} />;
}

function ProductView({ product, hot }: { product: ProductDetail; hot: Product[] | Promise<Product[]> }) {
  const { cart, dispatch } = useCart();
  const [shown, setShown] = useState(0);
  const [size, setSize] = useState(sizeKind(product.tag) === 'single' ? CANDLE_SIZE : '');
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState('');
  /** A quantity above the limit: refused, and this says that 9 is the most. */
  const [tooMany, setTooMany] = useState('');
  /** Add to Cart pressed with no size chosen: besides the spec's alert, the size field is marked until one is. */
  const [noSize, setNoSize] = useState(false);
  /**
   * Each Add to Cart without a size, once its alert is closed: the size field takes the focus (its description is the
   * message) and the message under it is brought into view (issue 50 item 6).
   */
  const [sizeAsked, setSizeAsked] = useState(0);
  const sizeField = useRef<HTMLSelectElement>(null);
  const sizeMessage = useRef<HTMLSpanElement>(null);
  // The shoppers' path (decision 0167): a product viewed.
  useEffect(() => noteStep('view'), [product.id]);
  useEffect(() => {
    if (sizeAsked && sizeField.current && sizeMessage.current) reveal(sizeMessage.current, sizeField.current);
  }, [sizeAsked]);

  const name = unescapeText(product.name);
  const single = sizeKind(product.tag) === 'single';
  const isCandle = hasTag(product.tag, 'candles');
  const images = [product.image, ...product.extraImages]
    .slice(0, 3)
    .map((url, index) => ({ url, photo: product.photos[index] ?? null }));
  // The options come from the tag (spec section 5); a size the server does not report counts as sold out.
  const options = sizesFor(product.tag).map((option) => ({
    size: option,
    available: product.sizes.find((s) => s.size === option)?.available ?? 0,
  }));
  const soldOut = options.every((s) => s.available <= 0);

  function addToCart(event: FormEvent) {
    event.preventDefault();
    const count = Number(quantity);
    if (size && (!isSize(size) || !sizesFor(product.tag).includes(size))) return window.alert(MESSAGES.invalidSize);
    if (!size || !isSize(size) || !(count > 0)) {
      setNoSize(!size);
      window.alert(MESSAGES.sizeAndQuantityRequired);
      if (!size) setSizeAsked((asked) => asked + 1);
      return;
    }
    const wanted = Math.floor(count);
    setTooMany(wanted > MAX_QUANTITY ? CART_MESSAGES.quantityLimit(MAX_QUANTITY) : '');
    if (wanted > MAX_QUANTITY) return setAdded('');
    const line = {
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      size,
      quantity: wanted,
      ...(product.stockRef ? { stockRef: product.stockRef } : {}),
    };
    // What fits under the limit in the line it joins is added, and the message says what really was.
    const fits = fitsInLine(cart, line);
    if (fits === 0) return setAdded(CART_MESSAGES.lineFull(name, MAX_QUANTITY));
    dispatch({ type: 'ADD_TO_CART', line: { ...line, quantity: fits } });
    noteStep('cart');
    setAdded(fits < wanted ? CART_MESSAGES.addedUpToLimit(fits, name, MAX_QUANTITY) : `${name} is in your cart.`);
  }

  /** Size, quantity and Add to Cart, and what was added: a drop shows them once the buyer may buy (DropPanel). */
  const buying = (
    <>
      <form className="stack" onSubmit={addToCart} noValidate>
        <label>
          Size
          <select
            ref={sizeField}
            value={size}
            onChange={(e) => {
              setSize(e.target.value);
              setNoSize(false);
            }}
            name="size"
            aria-invalid={noSize ? true : undefined}
            aria-describedby={noSize ? 'size-error' : undefined}
          >
            {!single && <option value="">Choose a size</option>}
            {options.map(({ size: option, available }) => (
              <option key={option} value={option} disabled={available <= 0}>
                {option === CANDLE_SIZE ? (isCandle ? 'Candle' : 'One size') : option}
                {available <= 0 ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </label>
        {noSize && (
          <span id="size-error" className="error field-error" ref={sizeMessage}>
            {CART_MESSAGES.chooseSize}
          </span>
        )}
        <label>
          Quantity
          <input
            type="number"
            name="quantity"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={tooMany ? true : undefined}
            aria-describedby={tooMany ? 'quantity-error' : undefined}
          />
        </label>
        <FormError id="quantity-error" message={tooMany} />
        <button type="submit" disabled={soldOut}>
          {soldOut ? 'Sold out' : 'Add to Cart'}
        </button>
      </form>
      <p role="status" aria-live="polite" className="success">
        {added && (
          <>
            {added} <Link to="/cart">View cart</Link>
          </>
        )}
      </p>
    </>
  );

  return (
    <>
      <article className="product-detail">
        <div className="gallery">
          <Photo
            className="main-image"
            photo={images[shown].photo}
            fallback={images[shown].url}
            alt={name}
            sizes={PHOTO_SIZES.main}
            priority
          />
          {images.length > 1 && (
            <div className="thumbs" role="group" aria-label="More pictures">
              {images.map((picture, index) => (
                <button
                  key={picture.url}
                  type="button"
                  className={index === shown ? 'thumb active' : 'thumb'}
                  onClick={() => setShown(index)}
                  aria-label={`Show picture ${index + 1}`}
                  aria-pressed={index === shown}
                >
                  <Photo photo={picture.photo} fallback={picture.url} alt="" sizes={PHOTO_SIZES.thumb} />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="details">
          <h1>{name}</h1>
          <p className="price-line">
            <SalePrice price={product.price} sale={product.sale} className="price big" />
          </p>
          {product.offers?.map((offer) => (
            <p key={offer} className="sale-offer">
              {offer}
            </p>
          ))}
          <p className="muted">{reviewsLine(product)}</p>
          <p className="description">{unescapeText(product.description)}</p>
          {product.drop ? (
            <DropPanel productId={product.id} drop={product.drop}>
              {buying}
            </DropPanel>
          ) : (
            buying
          )}
          <RestockForm
            productId={product.id}
            soldOut={options.filter((option) => option.available <= 0).map((option) => option.size)}
          />
        </div>
      </article>
      <HotItems products={hot} exclude={product.id} />
    </>
  );
}
