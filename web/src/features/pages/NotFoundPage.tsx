import { Link } from 'react-router-dom';
import { CATEGORIES } from '../../../../shared/categories';

/** The friendly 404 for unknown routes. */
export default function NotFoundPage() {
  return (
    <section className="page narrow">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the product may no longer be sold.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
      <nav aria-label="Categories">
        <ul>
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link to={`/product-list/${category.slug}`}>{category.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
