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
  paymentFailed: (providerMessage: string) => `Payment failed: ${providerMessage}`,
  /** The shop's Stripe keys are not set (yet): checkout stops before any card is asked for. */
  paymentsUnavailable: 'Card payments are not available right now. Please try again later.',
  invalidCheckoutState: 'Not a valid state',
  serverError: 'Server error',
  networkError: 'Network error',
  sending: 'Sending....',
  formSubmitted: 'Form Submitted Successfully',
  uploadImage: 'Please upload an image!',
  confirmDeleteItem: 'Are you sure you want to delete this item?',
  shippingText: 'Shipping takes 2-3 days',
} as const;

/** Subjects of the mails the forms send to the shop (spec section 7). */
export const FORM_SUBJECTS = {
  contact: 'Contact Form Submission',
  support: 'Support Form Submission',
  quote: 'Incoming Quote',
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
