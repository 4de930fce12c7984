import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { formatPrice } from '../../../../shared/money';
import { productDetailSchema, type ProductDetail } from '../../../../shared/schemas/product';
import { unescapeText } from '../../../../shared/sanitize';
import { CANDLE_SIZE, isSize, MAX_QUANTITY, MIN_QUANTITY, hasTag, sizeKind, sizesFor } from '../../../../shared/sizes';
import { HotItems } from '../../components/HotItems';
import { Spinner } from '../../components/Spinner';
import { api } from '../../lib/api';
import { useCart } from '../cart/CartProvider';
import './catalog.css';

/** /product/:id: images, details, size and quantity, Add to Cart (spec sections 2 and 5). */
export default function ProductPage() {
  const { id = '' } = useParams();
  const { dispatch } = useCart();
  const [product, setProduct] = useState<ProductDetail | null | 'missing'>(null);
  const [image, setImage] = useState('');
  const [size, setSize] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState('');

  useEffect(() => {
    setProduct(null);
    setAdded('');
    api(`/api/products/${encodeURIComponent(id)}`, productDetailSchema)
      .then((detail) => {
        setProduct(detail);
        setImage(detail.image);
        const single = sizeKind(detail.tag) === 'single';
        setSize(single ? CANDLE_SIZE : '');
        setQuantity('1');
      })
      .catch(() => setProduct('missing'));
  }, [id]);

  if (product === null) return <Spinner label="Loading the product…" />;
  if (product === 'missing') {
    return (
      <section className="page narrow">
        <h1>{MESSAGES.productNotFound}</h1>
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </section>
    );
  }

  const name = unescapeText(product.name);
  const single = sizeKind(product.tag) === 'single';
  const isCandle = hasTag(product.tag, 'candles');
  const images = [product.image, ...product.extraImages].slice(0, 3);
  // The options come from the tag (spec section 5); a size the server does not report counts as sold out.
  const options = sizesFor(product.tag).map((option) => ({
    size: option,
    available: product.sizes.find((s) => s.size === option)?.available ?? 0,
  }));
  const soldOut = options.every((s) => s.available <= 0);

  function addToCart(event: FormEvent) {
    event.preventDefault();
    if (!product || product === 'missing') return;
    const count = Number(quantity);
    if (size && (!isSize(size) || !sizesFor(product.tag).includes(size))) return window.alert(MESSAGES.invalidSize);
    if (!size || !isSize(size) || !(count > 0)) return window.alert(MESSAGES.sizeAndQuantityRequired);
    const line = {
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      size,
      quantity: Math.min(Math.floor(count), MAX_QUANTITY),
      ...(product.stockRef ? { stockRef: product.stockRef } : {}),
    };
    dispatch({ type: 'ADD_TO_CART', line });
    setAdded(`${name} is in your cart.`);
  }

  return (
    <>
      <article className="product-detail">
        <div className="gallery">
          <img className="main-image" src={image} alt={name} width="600" height="600" />
          {images.length > 1 && (
            <div className="thumbs" role="group" aria-label="More pictures">
              {images.map((src, index) => (
                <button key={src} type="button" className={src === image ? 'thumb active' : 'thumb'} onClick={() => setImage(src)} aria-label={`Show picture ${index + 1}`} aria-pressed={src === image}>
                  <img src={src} alt="" width="80" height="80" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="details">
          <h1>{name}</h1>
          <p className="price big">{formatPrice(product.price)}</p>
          <p className="muted">{MESSAGES.reviews(product.averageRating)}</p>
          <p className="description">{unescapeText(product.description)}</p>
          <form className="stack" onSubmit={addToCart} noValidate>
            <label>
              Size
              <select value={size} onChange={(e) => setSize(e.target.value)} name="size">
                {!single && <option value="">Choose a size</option>}
                {options.map(({ size: option, available }) => (
                  <option key={option} value={option} disabled={available <= 0}>
                    {option === CANDLE_SIZE ? (isCandle ? 'Candle' : 'One size') : option}
                    {available <= 0 ? ' (sold out)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Quantity
              <input type="number" name="quantity" min={MIN_QUANTITY} max={MAX_QUANTITY} step={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </label>
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
        </div>
      </article>
      <HotItems exclude={product.id} />
    </>
  );
}
