// Prettier owns the layout of code and JSON: `npm run format` writes, `npm run lint` checks. Single quotes,
// semicolons, trailing commas, and lines a reviewer reads in a diff: 120 characters (the models keep 80-120). Comments,
// which Prettier leaves as they are, are held to the same width by ESLint's max-len (eslint.config.mjs).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  trailingComma: 'all',
  printWidth: 120,
};
