import { Link } from 'react-router-dom';
import { CATEGORIES } from '#shared/categories';

/** Every category as a chip link: where to go from a dead end (404, a search without results). */
export function CategoryChips() {
  return (
    <ul className="chips">
      {CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link to={`/product-list/${category.slug}`}>{category.label}</Link>
        </li>
      ))}
    </ul>
  );
}
