import { hotItems } from '../../components/productPages';

/**
 * The home page's route loader (docs/decisions/0076), in the app's entry like the catalogue's
 * (features/catalog/loaders.ts): the hot-items strip, handed over as it is (held) or as a promise the page shows when
 * it comes (`HotItems`).
 */
export function homeLoader() {
  return { hot: hotItems() };
}
