import { createTheme } from '@aws-amplify/ui-react';

/**
 * The admin area's Amplify UI theme in the shop's colours (web/src/styles.css: --brand, --brand-dark, --accent,
 * --line, --danger, --ok) and its system font, so the owner's console looks like the shop, not like Amplify.
 */
/** The shop's brown-orange, lightest to darkest (80 = --brand, 90 = --brand-dark). */
const SHOP_SCALE = {
  10: '#fff7ed',
  20: '#ffedd5',
  40: '#fdba74',
  60: '#c2410c',
  80: '#9a3412',
  90: '#7c2d12',
  100: '#431407',
};

export const adminTheme = createTheme({
  name: 'shop-admin',
  tokens: {
    colors: {
      // Amplify's components read colors.primary (its own teal by default); brand.primary follows it.
      primary: SHOP_SCALE,
      brand: { primary: SHOP_SCALE },
      border: { primary: '#cfc5b8', secondary: '#e7dfd3', tertiary: '#e7dfd3', focus: '#9a3412' },
      font: { primary: '#1f2937', secondary: '#4b5563', interactive: '#9a3412' },
      background: { secondary: '#fffaf3' },
    },
    fonts: {
      default: {
        variable: 'var(--font-text)',
        static: 'var(--font-text)',
      },
    },
    radii: { small: '6px', medium: '8px', large: '12px' },
    components: {
      heading: { 1: { fontSize: '2rem', fontWeight: '{fontWeights.bold}' } },
      table: { header: { color: '#1f2937', fontWeight: '{fontWeights.bold}' } },
      badge: {
        success: { color: '#166534', backgroundColor: '#dcfce7' },
        warning: { color: '#7c2d12', backgroundColor: '#fef3c7' },
        error: { color: '#991b1b', backgroundColor: '#fee2e2' },
        info: { color: '#1e3a8a', backgroundColor: '#dbeafe' },
      },
    },
  },
});
