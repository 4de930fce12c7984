import { groupThousands } from './format';

/** Every text the spec quotes, defined once (spec sections 2, 5 and 8). */
export const MESSAGES = {
  promo: 'BE ON THE LOOK OUT FOR PROMO CODES!',
  bannerHeading: '{product} NEW SUMMER HOLIDAY MERCHANDISE',
  bannerTagline: 'NEW DESIGNS',
  reviews: (average: number) => `Reviews: ${average}/5`,
  noProductsInCategory: 'No products found in this category.',
  productNotFound: 'Product not found.',
  invalidSize: 'Invalid size selected.',
  sizeAndQuantityRequired: 'Please select a size and quantity.',
  signInFailed: 'Invalid credentials. Please try again.',
  signingIn: 'Signing In...',
  signingUp: 'Signing Up...',
  createAccount: 'Create Account',
  forgotPassword: 'Forgot Password?',
  sendLink: 'Send Link',
  resetHint: "We'll send a link to your email shortly after submiting this form!",
  resetSent: 'Check your email for the link',
  resetSentButton: 'Sent ✓',
  /** A reset code that did not work (wrong, or over an hour old). */
  resetCodeWrong: 'That code did not work. It may have expired: ask for a new link from the sign-in page.',
  /** A reset code tried too often: Cognito takes no more tries of it, right or wrong (docs/decisions/0091). */
  resetCodeSpent: 'This code was tried too many times and no longer works. Ask for a new link from the sign-in page.',
  /** Sign-in with a password that was reset (an operator made the account an admin: docs/decisions/0065). */
  passwordResetRequired:
    'The password of this account was reset, so it no longer signs you in. We emailed you a link to choose a new one: open it. No email, or is the link over an hour old? Send a new link below.',
  passwordsDiffer: 'Passwords do not match!',
  weakPassword:
    'Password must be at least 8 characters long, contain at least one uppercase letter, one lowercase letter, and one digit.',
  signUpFailed: 'Signup Failed! Email might be in use already.',
  noShippingProfiles: 'No shipping profiles available',
  noPreviousOrders: 'No previous orders found',
  profileFieldsRequired: 'Please fill in all required fields.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidZip: 'Please enter a valid zip code.',
  invalidProfileState: 'Please enter a valid state (either abbreviation or full name).',
  deleteProfileFailed: 'Error deleting profile',
  outOfStock: 'Sorry but we do not currently have that many of the following products:',
  /** A drop's product before its start (issue 57): the time in the shop's time zone (shared/drops.ts dropStartText). */
  dropNotStarted: (name: string, when: string) => `${name} goes on sale ${when}.`,
  /** A drop's per-customer limit (by account, canonical email or card) would be passed. */
  dropLimit: (name: string, limit: number) =>
    `${name} is limited to ${limit} per customer, and this order would go past it.`,
  /** A drop's limit reached while the card was confirmed (another order of the same buyer was taken first). */
  dropLimitReached: 'You have already bought as many as one customer may of the following products:',
  /** A checkout taken before its drop started (the owner set the drop after the card step). */
  dropNotStartedYet: 'This product is not on sale yet. Your card was not charged.',
  /** A drop's line (issue 57 item 3). */
  dropNoLine: 'This product is not in a drop.',
  dropSoldOut: 'Sold out. Thank you for waiting.',
  dropLineLeft: 'You left the line, so your place was given up. Join again to take a place at the back.',
  dropLineToken: 'This is not a place in this line. Join the line to get one.',
  dropWaitYourTurn: 'Please wait for your turn in line.',
  paymentFailed: (providerMessage: string) => `Payment failed: ${providerMessage}`,
  /** The test card form's expiry could not be read (nothing is sent: a failed attempt counts towards the limit). */
  expiryUnreadable: 'Type the expiry as MM/YY, for example 12/30.',
  /** The shop's Stripe keys are not set (yet): checkout stops before any card is asked for. */
  paymentsUnavailable: 'Card payments are not available right now. Please try again later.',
  /** A checkout allows a few failed card attempts (card testing); then its payment is cancelled. */
  tooManyCardAttempts:
    'Too many card attempts failed, so this payment was stopped. Nothing was charged. Go back to start again.',
  /**
   * The card was authorized but the capture could never happen (the bank released the hold): the order is cancelled.
   */
  /** Shipping an order whose card is authorized but not yet charged (docs/decisions/0022). */
  notCapturedYet:
    'The payment for this order has not been taken yet. It usually is within a few minutes; please try again then.',
  paymentNotCaptured: 'We could not complete the payment, so the order was cancelled. Nothing was charged.',
  /** The checkout was given up (left unpaid too long) or its amounts changed while paying; nothing was charged. */
  checkoutClosed: 'This checkout has expired or changed. Nothing was charged. Please check out again.',
  /** A quote's offer that can no longer be paid (issue 37): each says why, and that nothing was charged. */
  offerReplaced: 'This offer was replaced by a newer one. Nothing was charged. Please look at the new offer.',
  offerExpired: 'This offer has expired and can no longer be paid. Nothing was charged. Ask us for a new one below.',
  offerDeclined:
    'This offer was declined and can no longer be paid. Nothing was charged. To ask again, please send a new request.',
  offerPaid: 'This offer is paid already: your order is on its way to being made.',
  offerNeedsAddress: 'Please enter where to ship your order.',
  quoteLinkInvalid: 'This quote link is not valid or has expired. Please open the link from your latest mail.',
  quoteClosed: 'This quote is closed. Please send a new request.',
  artworkNotChecked: 'Please wait until every file is checked, or remove the ones that were refused.',
  /**
   * A checkout the caller cannot show is theirs (unknown, or a guest's without its secret): the same answer either way.
   */
  checkoutNotFound: 'We could not find this checkout. Nothing was charged. Please check out again.',
  /** Gift cards (issue 36, docs/decisions/0126). */
  giftCardUnknown: 'We could not find a gift card with this code. Please check it and try again.',
  giftCardTooManyCodes: 'Too many gift card codes tried. Please wait a few minutes and try again.',
  giftCardEmpty: 'This gift card has no balance left.',
  giftCardSpentMeanwhile:
    'Your gift card was used for another order while you paid, so its balance no longer covers this one. Nothing was charged. Please check out again.',
  giftCardOnGiftCards: 'A gift card cannot pay for gift cards: the rest is paid by card.',
  giftCardPaysAll: 'Your gift card pays the whole order: no card is needed.',
  /** Shown while the browser confirms an authorized payment with the shop (and retries on network trouble). */
  confirmingOrder: 'We are confirming your order. Your card was accepted; please keep this page open.',
  /**
   * The order could not be recorded for now (429): the card is authorized, the settle job finishes the order and mails
   * it.
   */
  confirmingOrderLater:
    'Your card was accepted. We could not confirm your order just now, so it will be confirmed by email within a few minutes. You can keep this page open (it keeps trying) or close it.',
  /** The cart's Discount row while an applied code is asked about again for the changed cart. */
  promoChecking: 'Checking…',
  /** The cart's Discount row when that could not be asked (too many checks, no network): no figure is shown. */
  promoAtCheckout: 'At checkout',
  promoConfirmedAtCheckout: 'We could not check the discount for this cart just now: it is confirmed at checkout.',
  /** The cart's last row while the discount is not known: what the rows above add up to. */
  totalBeforeDiscount: 'Total before discount',
  /** The 3-D Secure step of the test card processor, like Stripe's test authentication page. */
  authenticatePayment: 'Authenticate this payment',
  invalidCheckoutState: 'Not a valid state',
  serverError: 'Server error',
  networkError: 'Network error',
  sending: 'Sending....',
  formSubmitted: 'Form Submitted Successfully',
  uploadImage: 'Please upload an image!',
  /** Add product pressed while a photo is still being made smaller, uploaded or prepared (not yet "Ready"). */
  photoNotReady: 'Please wait until the photo is ready: it says "Ready" under it when it is. Then add the product.',
  confirmDeleteItem: 'Are you sure you want to delete this item?',
  shippingText: 'Shipping takes 2-3 days',
  /** A page's code could not be loaded or failed (e.g. a deploy replaced it while the tab was open). */
  pageFailed: 'This page could not be shown. Please reload it.',
} as const;

/** Product lists that come a page at a time (a category, search results): the count, Load more and its end. */
export const LIST_MESSAGES = {
  productCount: (count: number) => (count === 1 ? '1 product' : `${groupThousands(count)} products`),
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  loadMoreFailed: 'We could not load more products just now. Please reload the page to try again.',
  listFailed: 'We could not load the products just now. Please reload the page to try again.',
  endOfCategory: (label: string) => `That is everything in ${label}.`,
  endOfSearch: (count: number) =>
    count === 1 ? 'That is the only match.' : `That is all ${groupThousands(count)} matches.`,
} as const;

/** What the image pipeline tells the admin about a photo it cannot take (functions/domain/images/pipeline.ts). */
export const PHOTO_MESSAGES = {
  /** Bytes that are no image the pipeline reads (and those it reads but that have no size). */
  unreadable: 'This file could not be read as a photo. Upload another file.',
  /** An SVG drawing, whatever type it was sent as: it can carry script (shared/schemas/admin.ts IMAGE_TYPES). */
  svg: 'This file is an SVG drawing, not a photo. SVG can carry script, so the shop does not take it: save it as PNG or JPEG and upload that.',
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    `This photo is ${groupThousands(width)} × ${groupThousands(height)} pixels (${Math.round((width * height) / 1e6)} megapixels); the most the shop can take is ${maxPixels / 1e6} megapixels (for example 8,000 × 6,000). Save it smaller and upload it again.`,
} as const;

/**
 * After the sale (issue 14): what the shop tells the customer and the owner about shipping, cancelling, replacements.
 */
export const AFTERSALE_MESSAGES = {
  /** The order page after a replacement request was sent (shown even when nothing is left to ask for). */
  replacementRequestSent: 'Thanks, we received your request and mailed you a copy. We will answer soon.',
  /** Complete Order again with another carrier or tracking number than the order shipped with (decision 0053). */
  alreadyShipped: (orderNumber: string, shipment: string) =>
    `Order ${orderNumber} was already shipped with ${shipment}. Nothing was changed and no mail was sent; to correct the tracking, use Change tracking on the order's page.`,
  /** Change tracking from a page that missed another correction. */
  trackingChangedMeanwhile: (shipment: string) =>
    `The tracking of this order was changed meanwhile; it is now ${shipment}. Nothing was changed: look at the order again and correct it if needed.`,
  notShippedNoTracking: 'This order has not shipped yet: give the carrier and tracking number when you complete it.',
  cancelledNoTracking: 'This order was cancelled and never shipped, so it has no tracking to change.',
  /** Cancel order's confirmation and notice: a paid order (refunded in full), a $0 replacement, another $0 order. */
  cancelConfirm:
    'Cancel this order? The payment is refunded in full, the stock goes back and the customer is mailed. This cannot be undone.',
  cancelledRefunded: 'Cancelled and refunded; the stock is back and the customer was mailed.',
  cancelReplacementConfirm:
    'Cancel this replacement order? It was free, so there is nothing to refund. The stock goes back, its request is marked cancelled (the customer can ask for these items again) and the customer is mailed. This cannot be undone.',
  cancelledReplacement:
    'Cancelled; nothing to refund. The stock is back, the request is marked cancelled and the customer was mailed.',
  cancelUnpaidConfirm:
    'Cancel this order? Nothing was paid, so there is nothing to refund. The stock goes back and the customer is mailed. This cannot be undone.',
  cancelledUnpaid: 'Cancelled; nothing to refund. The stock is back and the customer was mailed.',
  /** The order page: where each approved request's replacement order stands (decision 0055). */
  replacementWaiting: (id: string) => `Replacement order ${id}: you get a mail with tracking when it ships.`,
  replacementShipped: (id: string, date: string | null, carrier: string | null) =>
    `Replacement order ${id} shipped${date ? ` on ${date}` : ''}${carrier ? ` with ${carrier}` : ''}`,
  replacementCancelled: (id: string) =>
    `Replacement order ${id} was cancelled before it shipped; nothing was charged. You can ask for these items again.`,
  /** The replacement form's heading once nothing is left to ask for (the thanks stays under it). */
  replacementAskedFor: 'Replacement asked for',
  /** The archive while a search reads on (decision 0054), and a later page with nothing more. */
  searchingOlderOrders: (readBackTo: string | null) =>
    `Searching older orders…${readBackTo ? ` (read back to ${readBackTo})` : ''}`,
  noMoreOrdersMatch: 'No more orders match.',
  /**
   * The archive's search (issue 50 item 3): a search looks in every order from any tab; a tab narrows it, and says
   * where to look when it holds none of the matches.
   */
  noOrdersMatch: 'No orders match.',
  noOrdersMatchInTab: (tab: string) => `No orders in ${tab} match.`,
  searchEveryOrder: 'Search every order',
  /** What the archive's From and To mean, with the admin's time zone as the browser names it. */
  ownDays: (timeZone: string) =>
    `From and To are whole days, midnight to midnight, in your time zone (${timeZone.replace(/_/g, ' ')}).`,
  /**
   * Complete Order on an order with nothing to send (issue 50 item 1): every unit refunded, or nothing that ships (gift
   * cards alone, a quote's design work).
   */
  nothingToShip: (orderNumber: string, refunded: boolean) =>
    refunded
      ? `Order ${orderNumber} has nothing left to ship: every item was refunded. Nothing was changed and no mail was sent.`
      : `Order ${orderNumber} has nothing to ship: gift cards are emailed on their day, and design work is finished on its quote's page. Nothing was changed and no mail was sent.`,
  /** The order pages of an order refunded in full before it shipped: the customer's, and the owner's. */
  refundedNothingShips: 'Everything in this order was refunded, so nothing will ship.',
  /** A quote's order not finished yet, as its customer reads it (made to order, docs/decisions/0115). */
  madeToOrder: (inProductionSince: string | null, ships: boolean) =>
    `Made to order${inProductionSince ? `: in production since ${inProductionSince}` : ': production starts soon'}; we mail you when it ${ships ? 'ships' : 'is done'}.`,
  refundedNothingToShip: 'Every item was refunded: nothing is left to ship, so there is no packing slip.',
  shipsNothing:
    'Nothing of this order ships: gift cards are emailed on their day, design work is finished on its quote.',
  /** The admin's notices after Complete Order and Change tracking. */
  shipped: 'Shipped; the customer was mailed.',
  shippedOrder: (orderNumber: string) => `Shipped ${orderNumber}; the customer was mailed.`,
  trackingChanged: (shipment: string) => `Tracking changed to ${shipment}; the customer was mailed the new one.`,
  trackingUnchanged: 'The order already has that carrier and tracking number; nothing was changed.',
} as const;

/**
 * The order confirmation mail as the admin sees it (decision 0064): its state on the order page (times are formatted
 * by the page, in the admin's own time zone), the Send again button and its answers, the dashboard's tile.
 */
export const CONFIRMATION_MAIL_MESSAGES = {
  heading: {
    waiting: 'Confirmation mail not sent yet',
    sending: 'Confirmation mail being sent',
    retrying: 'Confirmation mail not sent yet',
    sent: (at: string | null) => (at ? `Confirmation mail sent ${at}` : 'Confirmation mail sent'),
    failed: 'Confirmation mail not sent',
    unknown: 'Confirmation mail may not have been sent',
    withdrawn: 'No confirmation mail',
  },
  explain: {
    waitingForCapture: 'It goes out when the payment is captured.',
    waiting: 'The shop sends it within a few minutes; you can also send it now.',
    sending: 'It is being sent right now.',
    retrying: (attempts: number, nextTry: string) =>
      `SES did not take it (${attempts === 1 ? 'once' : `${attempts} times`}). The shop tries again by itself at ${nextTry}; you can also send it now.`,
    failed: (attempts: number) =>
      `SES did not take it, ${attempts === 1 ? 'once' : `${attempts} times`}, so the customer has no confirmation. The shop does not try again by itself.`,
    unknown:
      'A send started but never reported back, so the shop cannot tell whether the customer got it. It is not sent again by itself, as that could be a second copy: send it again if the customer says it did not arrive, or if you prefer a second copy to none.',
    withdrawn: 'The order was cancelled before the confirmation went out, so none is sent.',
    sentTo: (email: string) =>
      `To ${email}. A mail SES accepted is not sent twice; the customer can see the order on the order status page.`,
  },
  lastError: (error: string) => `Last answer: ${error}`,
  sendAgain: 'Send again',
  confirmUnknown: 'The customer may already have this mail. Send it again?',
  /** Answers of Send again. */
  sentNow: (email: string) => `Confirmation mail sent to ${email}.`,
  alreadySent: 'The confirmation mail was already sent; it is not sent twice.',
  beingSent:
    'The confirmation mail is being sent right now (another click, another tab or the shop itself); it was not sent twice.',
  refusedAgain: (error: string) => `SES did not take the confirmation mail: ${error}`,
  unknownAgain: 'The send did not finish, so SES may or may not have the mail. It is not sent again by itself.',
  notCaptured: 'The payment of this order is not captured yet; the confirmation mail goes out with the capture.',
  notCharged: 'This order was never charged, so it gets no confirmation mail.',
  cancelled: 'This order was cancelled; no confirmation mail is sent for it.',
  replacement: 'A replacement order gets no order confirmation; the customer was mailed when it was approved.',
  /** The dashboard's tile. */
  tileHeading: 'Confirmation mails not sent',
  tileNone: 'Every confirmation went out',
  tileNoneWaiting: 'None waits for you',
  tileRetrying: (count: number) => `Being tried again by the shop: ${count} (SES refused a try)`,
  tileMore: (more: number) => `and ${more} more`,
  tileState: { failed: 'not sent', unknown: 'may not have been sent' },
} as const;

/** Words that fill the home heading's '{product}' (design section 5), the first one also its accessible name. */
export const BANNER_WORDS = ['CANDLES', 'TEES', 'HOODIES'] as const;
/** The home heading with '{product}' filled: never shown with braces. */
export const bannerHeading = (word: string) => MESSAGES.bannerHeading.replace('{product}', word);

/** Subjects of the mails the forms send to the shop (spec section 7). */
export const FORM_SUBJECTS = {
  contact: 'Contact Form Submission',
  support: 'Support Form Submission',
  quote: 'Incoming Quote',
} as const;

/**
 * What a shopper reads when a client address is over a rate limit (429; shared/rate-limits.ts names the group of
 * each). Not spec texts: plain sentences that say what happened and what to do.
 */
export const RATE_LIMIT_MESSAGES = {
  /** The shoppers' path beacons (nobody reads it: a page's beacon is sent as it closes). */
  funnel: 'Too many requests from your connection. Please wait a few minutes and try again.',
  checkout: 'Too many checkout attempts from your connection. Please wait a few minutes and try again.',
  /** Recording an order: the card was authorized, so the order is finished by the webhook or the settle job anyway. */
  orderRecording:
    'Too many orders confirmed from your connection just now. If your card was accepted, your order will be confirmed by email within a few minutes.',
  promoCodes: 'Too many promo code tries. Please wait a few minutes and try again.',
  orderLookups: 'Too many order look-ups. Please wait a few minutes and try again.',
  forms: 'Too many messages sent from your connection. Please wait a few minutes and try again.',
  signUp: 'Too many new accounts from your connection. Please wait a few minutes and try again.',
  passwordReset: 'Too many password reset attempts. Please wait a few minutes and try again.',
  search: 'Too many searches from your connection. Please wait a minute and try again.',
  emailPreferences: 'Too many requests from your connection. Please wait a few minutes and open the link again.',
  cartRestores: 'Too many cart links opened from your connection. Please wait a few minutes and open the link again.',
  stockAlerts: 'Too many back-in-stock requests from your connection. Please wait a few minutes and try again.',
  dropLine: 'You are asking about your place too often. Your place is kept: please wait a minute.',
  quoteUploads: 'Too many files sent from your connection. Please wait a few minutes and try again.',
  quotes: 'Too many quote requests from your connection. Please wait a few minutes and try again.',
  quotePages: 'Too many requests from your connection. Please wait a few minutes and open the link again.',
  giftCards: 'Too many gift card codes tried. Please wait a few minutes and try again.',
  /** The shipping provider's servers read it (they retry a refused event later). */
  shippingWebhooks: 'Too many tracking events from this address. Please send them again in a minute.',
} as const;

/**
 * The owner's promo-code form takes dollars ("12.50"), so a dollar field that cannot be read is told in dollars
 * (the API itself takes cents and says so to API callers: shared/schemas/promo.ts).
 */
export const PROMO_FORM_MESSAGES = {
  amountOff: 'Type the amount off in dollars, like 5 or 12.50 (from $0.01 to $100,000.00).',
  minSubtotal: 'Type the minimum subtotal in dollars, like 40 or 39.99, or leave it empty (up to $100,000.00).',
  check: 'Please check the highlighted fields.',
} as const;

/** The password rule, also enforced by the Cognito password policy (infra). */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_POLICY.minLength &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** The cart, its quantities and the checkout's steps (issue 26). Not spec texts: plain sentences. */
export const CART_MESSAGES = {
  /** A quantity typed above the limit (spec section 9: 1 to 9) is refused, and this says why. */
  quantityLimit: (max: number) => `You can buy at most ${max} of an item. Please choose ${max} or fewer.`,
  /** Add to Cart when the line already holds some: only what fits under the limit is added, and this says so. */
  addedUpToLimit: (added: number, name: string, max: number) =>
    `Only ${added} more added: your cart now has ${max} × ${name}, the most you can buy of an item.`,
  lineFull: (name: string, max: number) =>
    `Your cart already has ${max} × ${name}, the most you can buy of an item. Nothing was added.`,
  /** Under a cart line's quantity when it is at the limit (its + is disabled). */
  lineAtLimit: (max: number) => `${max} is the most per item.`,
  emptyCart: 'Your cart is empty.',
  emptyCartTotals: 'Add something to your cart to see its total.',
  /** Beside the spec's "Estimated tax" until the order is priced (spec section 9: 0 while the state is unknown). */
  taxFromState: 'Tax is calculated from the shipping state.',
  /** Under the size field, marked, after Add to Cart without a size (beside the spec's alert). */
  chooseSize: 'Choose a size.',
  /** Signing in added the lines of the cart saved on an earlier visit to this browser's (said once). */
  fromEarlierVisit: (units: number) =>
    `Welcome back: your cart now also holds ${units === 1 ? '1 item' : `${units} items`} you added on an earlier visit.`,
  /** The payment step was left because what it priced changed (the cart in another tab, signing in or out). */
  checkoutChanged:
    'Your cart or account changed since the total was worked out. Please check the details and press Next for the new total.',
} as const;

/** The owner's stock items: a gift wrap's counts are kept under S, M and L (spec section 9), named by its sheets. */
export const ITEM_MESSAGES = {
  unsold: 'not sold for gift wraps',
  giftwrapHint:
    'Gift wraps keep their 18inX36in, 20inX40in and 24inX44in counts in S, M and L; the list names them once a gift wrap links to the item.',
} as const;

/** What a product card says about stock (category, search and hot strips): shared/stock.ts decides which. */
export const STOCK_MESSAGES = {
  soldOut: 'Sold out',
  onlyLeft: (count: number) => `Only ${count} left`,
} as const;

/** Beside the spec's sign-up failure: the links for an address that may have an account already. */
export const AUTH_MESSAGES = {
  signInInstead: 'Sign in with this email',
  resetInstead: 'Reset the password',
} as const;

/**
 * A guest's order added to an account (issue 50 item 11, docs/decisions/0143): offered after a guest checkout and on
 * the account page; the order is added only through a link mailed to the account's own email.
 */
export const GUEST_ORDER_MESSAGES = {
  /** The confirmation page, to a guest. */
  offer: 'Keep this order with your details for next time: create an account with the email you used.',
  createAccount: 'Create an account',
  /** Whatever the order and the account are: the answer never says whether an order has this number or email. */
  linkSent: (orderLabel: string) =>
    `If order ${orderLabel} was placed without an account and with your account's email, we have sent a link to that ` +
    'email. Open it while signed in to add the order to your account.',
  mailSubject: (orderLabel: string) => `Add order ${orderLabel} to your account`,
  added: (orderLabel: string) => `Order ${orderLabel} is now in your account.`,
  linkInvalid: 'This link is not valid or has expired. Ask for a new one on your account page.',
  otherAccount: 'This link was asked for by another account. Sign in with that account to use it.',
  otherEmail: "This order was placed with another email than your account's, so it cannot be added to it.",
  inAnotherAccount: 'This order is in another account already.',
  signInFirst: 'Sign in to add the order to your account.',
} as const;

/** The account page's rating control (spec: 1 to 5 stars): its visible label and what it says of the rating given. */
export const RATING_MESSAGES = {
  label: 'Your rating',
  notRated: 'Not rated yet',
  rated: (stars: number) => `You rated it ${stars} out of 5`,
  /** A product nobody has rated, where the spec's "Reviews: average/5" would read "Reviews: 0/5" (issue 50 item 7). */
  noRatings: 'No ratings yet',
  /** The account page's stars before the order has shipped (issue 50 item 7): they are offered once it has. */
  afterShipping: 'You can rate it once it has shipped.',
} as const;

/**
 * What a product card and page say of a product's ratings: the spec's "Reviews: average/5", or "No ratings yet" while
 * nobody has rated it (a 0/5 read as zero stars: issue 50 item 7, docs/where-we-differ.md).
 */
export const reviewsLine = (product: { averageRating: number; ratingCount: number }) =>
  product.ratingCount > 0 ? MESSAGES.reviews(product.averageRating) : RATING_MESSAGES.noRatings;

/** The account page's shipping profiles. */
export const PROFILE_MESSAGES = {
  confirmDelete: (name: string) => `Delete the shipping profile "${name}"? This cannot be undone.`,
} as const;

/**
 * Mail a shopper did not ask for (reminders, back-in-stock alerts) and its unsubscribe (docs/decisions/0078): the
 * footer's words, the unsubscribe page, and why such a mail could not be sent (for the logs and the delivery).
 */
export const MAIL_PREFERENCE_MESSAGES = {
  whyPrefix: 'Why you got this mail:',
  unsubscribeLine: 'To get no more mails like this, unsubscribe with one click (no sign-in):',
  unsubscribeLinkInvalid:
    'This unsubscribe link is not complete or was changed. Please open it again from the mail (the whole link), or write to us and we will take you off.',
  unsubscribing: 'Unsubscribing…',
  unsubscribedHeading: 'You are unsubscribed',
  unsubscribed: (email: string) => `${email} will get no more cart reminders or back-in-stock alerts from us.`,
  stillOrderMails: 'Mails about orders you place (confirmation, shipping) still come.',
  noPostalAddress:
    "The shop's postal address is not set (SHOP_POSTAL_ADDRESS, or the stage setting shopPostalAddress): mail a shopper did not ask for must carry it.",
  noSiteAddress: "The shop's own address for links is not known (SITE_URL).",
} as const;

/** What the restore page says under its heading when a reminder's link brings nothing back (the API's words end so). */
const RESTORE_AFTER = {
  cart_bought: 'The order confirmation is in your mail. Nothing was added to your cart.',
  link_expired: 'Your cart is not kept any more, but everything is still in the shop.',
} as const;

/** Abandoned-checkout reminders (issue 27; docs/decisions/0078, 0079): the mail, the restore page, the admin's tile. */
export const REMINDER_MESSAGES = {
  subject: 'Your cart is waiting for you',
  /** The footer's reason (CAN-SPAM: the mail says why it came). */
  reason: (shop: string, day: string) =>
    `you typed this address at the checkout of ${shop} on ${day} and did not finish. We send one reminder per cart, and no more than one a day.`,
  nothingHeld: "Prices are today's. Nothing is held for you: what is left goes to whoever orders first.",
  soldOutNow: 'sold out now',
  linkLine: (until: string) =>
    `Pick up where you left off (your cart and shipping details are filled in, on any device; the link works until ${until}):`,
  restoreLinkInvalid:
    'This link to your cart is not complete or was changed. Please open it again from the mail (the whole link).',
  restoreLinkExpired: `This link to your cart has expired. ${RESTORE_AFTER.link_expired}`,
  cartBought: `This cart was bought already. ${RESTORE_AFTER.cart_bought}`,
  /** The restore page's heading when the link brings nothing back (and, under it, RESTORE_AFTER: no word twice). */
  restoreHeading: {
    cart_bought: 'This cart was bought already',
    link_expired: 'This link has expired',
    other: 'This link to your cart did not work',
  },
  restoreAfter: RESTORE_AFTER,
  restoredSomeGone: 'Your cart is back, but some of it is not for sale any more:',
  restoredAllGone: 'Everything in this cart has sold out or is no longer for sale.',
  /** Under restoredAllGone when this browser's cart has lines of its own: the link took nothing away. */
  restoredAllGoneKept: 'What was already in your cart here is still there.',
  /** On the shipping step when the link's cart joined lines this browser's cart already had. */
  restoredBeside:
    'Your cart is back, beside what was already in it here, and so are your shipping details. Check them and press Next.',
  restoring: 'Bringing back your cart…',
  /**
   * Under the shipping step's email (docs/decisions/0078: no consent box; the US rules ask for none, so the shopper is
   * told).
   */
  shippingNotice:
    "We send your order confirmation here. If you don't finish, we send at most one reminder about your cart, with a one-click unsubscribe.",
  /** Why a reminder was withdrawn instead of sent (kept on the delivery, in the logs). */
  notWanted: {
    off: 'reminders are turned off',
    gone: 'the checkout is gone',
    paid: 'the cart was paid',
    failedPayment: 'the checkout ended without an order to remind of (a failed capture or too many failed cards)',
    optedOut: 'the address opted out',
    paidSince: 'the address paid for an order since the checkout',
    nothingBuyable: 'nothing in the cart can be bought now',
    sentToday: 'the address had a reminder in the last 24 hours',
  },
  /** The admin dashboard's tile and its form. */
  tileHeading: 'Cart reminders',
  delayLabel: 'Send a reminder after (minutes; 0 turns reminders off)',
  delayInvalid: (max: number) => `Type a whole number of minutes from 0 (off) to ${max}.`,
  saved: 'Saved.',
} as const;

/**
 * "Email me when it's back" (issue 27 items 5-7, docs/decisions/0080, 0081): the product page, its answers, the mail,
 * the admin.
 */
export const STOCK_ALERT_MESSAGES = {
  heading: 'Email me when it’s back',
  button: 'Email me when it’s back',
  sending: 'Sending…',
  /** Under the heading: which sizes are sold out (none named for a one-size product). */
  intro: (sizes: readonly string[]) =>
    sizes.length
      ? `Sold out in ${sizes.join(', ')}. Leave your email and we send you one mail when your size is back.`
      : 'Leave your email and we send you one mail when it is back.',
  sizeLabel: 'Size you want',
  /** The answer, the same for a first request and the same one again (one request either way). */
  subscribed: (email: string, what: string) => `Thanks! We’ll email ${email} once when ${what} is back in stock.`,
  inStock: (what: string) =>
    `${what} is in stock right now, so there is nothing to wait for: choose it above and add it to your cart.`,
  notASize: 'This product does not come in that size.',
  /** The mail. */
  subject: (what: string) => `Back in stock: ${what}`,
  back: (what: string) => `Good news: ${what} is back in stock.`,
  /** More people asked than came back: said plainly. */
  few: (units: number) =>
    units === 1
      ? 'Only one came back, and more people asked for it than that, so it may be gone soon.'
      : `Only ${units} came back, and more people asked for them than that, so they may be gone soon.`,
  link: (url: string) => `See it in the shop: ${url}`,
  noLink: 'Find it in the shop under its name.',
  /** Why the mail was sent (the footer's "Why you got this mail:"), and that it was the only one. */
  reason: (askedOn: string, what: string) =>
    `You asked us on ${askedOn} to email you once when ${what} was back in stock. This is that one mail; the request has ended.`,
  /** The mail could not be made (the footer's rules: no postal address, no site address): the request waits. */
  notSendable: 'A back-in-stock mail could not be made; the request keeps waiting',
  /** The admin: the page of waiting requests and the dashboard tile. */
  adminTitle: 'Back-in-stock requests',
  adminIntro:
    'Shoppers asked to be emailed when these sizes are back: what to restock first. A size back in stock is mailed within a minute or two, one mail to each, and its requests end.',
  adminNone: 'Nobody is waiting for a size right now.',
  adminGone: 'Product deleted (its requests end shortly)',
  adminDrafted: 'Drafted: mailed once it is listed again with stock',
  adminMailing: 'In stock: being mailed',
  tileHeading: 'Back-in-stock requests',
  tileSizes: (sizes: number) =>
    sizes === 0 ? 'Nobody is waiting for a size' : `waiting for ${sizes} ${sizes === 1 ? 'size' : 'sizes'}`,
  tileLink: 'What to restock',
} as const;

/**
 * A drop's product page for shoppers (issue 57, docs/decisions/0181): the countdown before the start (drawn by the page
 * function into the first HTML, then run by the page from it alone) and the line after it.
 */
export const DROP_MESSAGES = {
  /** `when` is shared/drops.ts dropStartText: "Friday, December 4 at 12:00 PM ET". */
  onSaleAt: (when: string) => `On sale ${when}.`,
  /** The time left, `left` from countdownText: "2 days, 03:04:09" or "04:09". */
  startsIn: (left: string) => `Starts in ${left}`,
  countdownLabel: 'Time until the drop starts',
  startsNow: 'The drop is starting…',
  joining: 'Joining the line…',
  /** An honest place: numbers ahead not yet let in (buyers who left among them), and the wait at the line's rate. */
  position: (position: number) => `You're number ${position} in line.`,
  wait: (seconds: number) => (seconds < 60 ? 'Less than a minute.' : `About ${Math.ceil(seconds / 60)} minutes.`),
  keepOpen: 'Keep this page open: your place is kept while it is, and it moves on by itself.',
  letIn: "It's your turn. Choose your size and add it to your cart, then pay.",
  lineHeading: 'The line',
  joinAgain: 'Join the line again',
  cannotAsk: 'We could not reach the shop to ask about your place. Trying again…',
  /** 429 from the line's rate-limit group (one address asking for many): asked again after its Retry-After. */
  busy: 'The line is busy. Asking again in a moment…',
} as const;

/** The time left before an instant, as a countdown reads it: "2 days, 03:04:09", "03:04:09" or "04:09". */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = days || hours ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
  return days ? `${days} day${days === 1 ? '' : 's'}, ${clock}` : clock;
}
