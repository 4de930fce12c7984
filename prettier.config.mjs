// Prettier owns the layout of code and JSON: `npm run format` writes, `npm run lint` checks.
// The options follow the code as it was written (single quotes, semicolons, trailing commas, long lines): the
// print width is the one, of 120 to 240, that changed the fewest lines when Prettier was first run (docs/decisions/0046).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  trailingComma: 'all',
  printWidth: 210,
};
