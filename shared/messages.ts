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
  passwordsDiffer: 'Passwords do not match!',
  weakPassword: 'Password must be at least 8 characters long, contain at least one uppercase letter, one lowercase letter, and one digit.',
  signUpFailed: 'Signup Failed! Email might be in use already.',
  noShippingProfiles: 'No shipping profiles available',
  noPreviousOrders: 'No previous orders found',
  profileFieldsRequired: 'Please fill in all required fields.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidZip: 'Please enter a valid zip code.',
  invalidProfileState: 'Please enter a valid state (either abbreviation or full name).',
  deleteProfileFailed: 'Error deleting profile',
  outOfStock: 'Sorry but we do not currently have that many of the following products:',
  paymentFailed: (providerMessage: string) => `Payment failed: ${providerMessage}`,
  /** The shop's Stripe keys are not set (yet): checkout stops before any card is asked for. */
  paymentsUnavailable: 'Card payments are not available right now. Please try again later.',
  /** A checkout allows a few failed card attempts (card testing); then its payment is cancelled. */
  tooManyCardAttempts: 'Too many card attempts failed, so this payment was stopped. Nothing was charged. Go back to start again.',
  /** The card was authorized but the capture could never happen (the bank released the hold): the order is cancelled. */
  /** Shipping an order whose card is authorized but not yet charged (docs/decisions/0022). */
  notCapturedYet: 'The payment for this order has not been taken yet. It usually is within a few minutes; please try again then.',
  paymentNotCaptured: 'We could not complete the payment, so the order was cancelled. Nothing was charged.',
  /** The checkout was given up (left unpaid too long) or its amounts changed while paying; nothing was charged. */
  checkoutClosed: 'This checkout has expired or changed. Nothing was charged. Please check out again.',
  /** Shown while the browser confirms an authorized payment with the shop (and retries on network trouble). */
  confirmingOrder: 'We are confirming your order. Your card was accepted; please keep this page open.',
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
  productCount: (count: number) => (count === 1 ? '1 product' : `${count.toLocaleString('en-US')} products`),
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  loadMoreFailed: 'We could not load more products just now. Please reload the page to try again.',
  listFailed: 'We could not load the products just now. Please reload the page to try again.',
  endOfCategory: (label: string) => `That is everything in ${label}.`,
  endOfSearch: (count: number) => (count === 1 ? 'That is the only match.' : `That is all ${count.toLocaleString('en-US')} matches.`),
} as const;

/** What the image pipeline tells the admin about a photo it cannot take (functions/domain/images/pipeline.ts). */
export const PHOTO_MESSAGES = {
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    `This photo is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels (${Math.round((width * height) / 1e6)} megapixels); the most the shop can take is ${maxPixels / 1e6} megapixels (for example 8,000 × 6,000). Save it smaller and upload it again.`,
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
  checkout: 'Too many checkout attempts from your connection. Please wait a few minutes and try again.',
  promoCodes: 'Too many promo code tries. Please wait a few minutes and try again.',
  orderLookups: 'Too many order look-ups. Please wait a few minutes and try again.',
  forms: 'Too many messages sent from your connection. Please wait a few minutes and try again.',
  signUp: 'Too many new accounts from your connection. Please wait a few minutes and try again.',
  passwordReset: 'Too many password reset attempts. Please wait a few minutes and try again.',
  search: 'Too many searches from your connection. Please wait a minute and try again.',
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
  return password.length >= PASSWORD_POLICY.minLength && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
}
