/** What the order status form asks for, its first words (also in its first HTML: app/firstScreens.tsx). */
export const ORDER_STATUS_INTRO =
  'Enter the order number from your confirmation mail and the email address you ordered with.';
