import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, redirect, replace, useLocation, useNavigate, type ActionFunctionArgs } from 'react-router-dom';
import { GIFT_CARD_WORDS, onlyGiftCards } from '#shared/gift-card-lines';
import { MESSAGES } from '#shared/messages';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CartLine } from '#shared/schemas/cart';
import { refused, useFormSend, type FormAnswer } from '../../components/form/useForm';
import { ApiError } from '../../lib/api';
import { useCart } from '../cart';
import { isPromoRefusal } from './checkoutApi';
import { keepPriced, keepRateId, priceCheckout, readRateId, storedFacts } from './checkoutSession';
import { useCheckout, useStepHeading } from './CheckoutLayout';
import { RateChoice } from './RateChoice';
import { ShippingForm } from './ShippingForm';
import {
  isBlank,
  NO_PROFILES,
  ProfilePicker,
  savedAddresses,
  startingProfile,
  useSavedProfiles,
  type ShippingData,
} from './savedProfiles';
import { cartKey, STEP_HEADING, STEP_PATH, stepToShow } from './steps';
import { CheckoutMarketingConsent } from './CheckoutMarketingConsent';

/**
 * The shipping step needs a cart with lines (steps.ts); opened without, the cart shows instead. A signed-in shopper's
 * saved shipping profiles are read here, beside the step's code (docs/decisions/0076): the step shows with its
 * profile picker, not a moment after. A list that cannot be read leaves the picker out (the form works without it).
 */
export async function loader(): Promise<ShippingData | Response> {
  const step = stepToShow('shipping', storedFacts());
  if (step !== 'shipping') return replace(STEP_PATH[step]);
  try {
    return await savedAddresses();
  } catch (error) {
    console.error('profile load failed', error);
    return NO_PROFILES;
  }
}

/** What Next sends its action: the cart, the details and the code as the shopper sees them, and who shops. */
type NextInput = {
  cart: CartLine[];
  address: ShippingAddress;
  promoCode: string | null;
  who: string | null;
};
/**
 * What a refused Next answers the form (useFormSend): the sentence and the messages beside the fields (the spec's alerts
 * are shown by the action, as the spec's alerts are); `promoRefused`: the code cannot be used for this order, and the
 * cart takes it off.
 */
export type NextRefusal = FormAnswer & { ok: false; promoRefused?: string };

/** A key of the request's body (`shippingAddress.zip`) as the form's field (`zip`). */
const formKey = (key: string) => key.replace('shippingAddress.', '');

/**
 * Next (spec section 4): the details are checked with the schema the server checks them with (the state first: its
 * message is the spec's alert, and it stays beside the field), then the server prices the checkout (a new one the
 * first time; the same one after Back) and the card step opens. Amounts, stock and the code are the server's to decide.
 * A cart of gift cards only asks for its buyer's name and email alone (checkoutApi.ts createIntent).
 */
export async function action({ request }: ActionFunctionArgs): Promise<NextRefusal | Response | null> {
  const input = (await request.json()) as NextInput;
  const buyerOnly = onlyGiftCards(input.cart);
  // Loaded when Next is first pressed (the step's chunk and the first HTML's form carry no schema: decision 0144).
  const [{ checkoutAddressSchema, shippingAddressSchema }, { checked }] = await Promise.all([
    import('#shared/schemas/address'),
    import('#shared/schemas/checked'),
  ]);
  const { name, email } = input.address;
  const check = buyerOnly
    ? checked(checkoutAddressSchema, { name, email })
    : checked(shippingAddressSchema, input.address);
  if (!check.ok) {
    if (check.fields.state === MESSAGES.invalidCheckoutState) window.alert(MESSAGES.invalidCheckoutState);
    return check;
  }
  try {
    const result = await priceCheckout({
      cart: input.cart,
      shippingAddress: input.address,
      who: input.who,
      promoCode: input.promoCode,
    });
    keepPriced({
      intent: result,
      cartKey: cartKey(input.cart),
      who: input.who,
      address: input.address,
      promoCode: input.promoCode,
    });
    return redirect(STEP_PATH.payment);
  } catch (error) {
    if (!(error instanceof ApiError)) window.alert(MESSAGES.serverError);
    else if (error.code === 'out_of_stock') window.alert(error.message);
    else if (isPromoRefusal(error.code)) {
      // The code cannot be used for this order (e.g. already used with this email): it is taken off, and Next goes
      // on without it.
      window.alert(error.message);
      return { ...refused(error), promoRefused: error.message };
    } else if (error.fields) return refused(error, formKey);
    else window.alert(error.message);
    return null;
  }
}

/** /cart/shipping: the Shipping Details step. What is typed is kept for the tab, so a reload shows it again. */
export default function ShippingStep() {
  const { who, address, setAddress, promo, setShownRate } = useCheckout();
  const { cart } = useCart();
  const form = useFormSend<keyof ShippingAddress, NextRefusal>('ship');
  const refusal = form.sentAnswer;
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const saved = useSavedProfiles(who);
  const heading = useStepHeading();
  // Gift cards only: nothing ships; the buyer's name and email alone are asked for (issue 50 item 9).
  const buyerOnly = onlyGiftCards(cart);
  // The shipping rate chosen (its id, kept for the tab: the card step prices it again on the server).
  const [rateId, setRateId] = useState(readRateId);
  const chooseRate = useCallback((id: string) => {
    keepRateId(id);
    setRateId(id);
  }, []);

  // A refused code comes off the cart (its message was shown by the action).
  const refusedCode = refusal?.promoRefused;
  const { drop } = promo;
  useEffect(() => {
    if (refusedCode) drop(refusedCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal (drop is a new function each render)
  }, [refusal]);

  // A signed-in shopper who has typed nothing starts from their last used (or only) profile, once per profiles read
  // (emptied by hand, the fields stay empty). Before the step paints, so the details show filled at once.
  const started = useRef<ShippingData | null>(null);
  useLayoutEffect(() => {
    if (started.current === saved) return;
    started.current = saved;
    const profile = startingProfile(saved);
    if (profile && isBlank(address)) setAddress(profile);
  }, [saved, address, setAddress]);

  // The cart emptied meanwhile (another tab, signing out): nothing to ship.
  const step = stepToShow('shipping', { cart, who, address, promoCode: null, priced: null });
  if (step !== 'shipping') return <Navigate to={STEP_PATH[step]} replace />;

  function next(event: FormEvent) {
    event.preventDefault();
    const input: NextInput = { cart: [...cart], address, promoCode: promo.applied?.code ?? null, who };
    form.send(input);
  }

  return (
    <>
      <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
        {buyerOnly ? GIFT_CARD_WORDS.buyerHeading : STEP_HEADING.shipping}
      </h1>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {/* Gift cards only (docs/decisions/0127): nothing ships; the buyer's name and email alone (issue 50 item 9). */}
      {buyerOnly && <p className="notice">{GIFT_CARD_WORDS.addressForCardsOnly}</p>}
      <ShippingForm
        address={address}
        buyerOnly={buyerOnly}
        onChange={setAddress}
        onSubmit={next}
        onBack={() => void navigate(STEP_PATH.cart)}
        fieldErrors={form.fields}
        picker={<ProfilePicker profiles={saved.profiles} address={address} onPick={setAddress} />}
        below={
          <>
            {!buyerOnly && (
              <RateChoice cart={cart} address={address} chosen={rateId} onChoose={chooseRate} onShown={setShownRate} />
            )}
            <CheckoutMarketingConsent />
          </>
        }
        busy={form.sending}
      />
    </>
  );
}
