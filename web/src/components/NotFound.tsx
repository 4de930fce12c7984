import { Link } from 'react-router-dom';
import { CategoryChips } from './CategoryChips';

/** The friendly 404: unknown routes and unknown category pages. */
export function NotFound() {
  return (
    <section className="page narrow not-found">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the product may no longer be sold.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
      <h2 id="not-found-categories">Or browse a category</h2>
      <nav aria-labelledby="not-found-categories">
        <CategoryChips />
      </nav>
    </section>
  );
}
