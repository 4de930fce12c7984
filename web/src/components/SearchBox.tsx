import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_MAX_LENGTH } from '#shared/product-lists';

/** The header's search: a search landmark that opens /search?q=. On the search page it shows the query. */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const id = useId();
  // The box follows the address (back, forward, a link to another search): adjusted while rendering, not in an effect.
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setText(current);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
  }

  return (
    <form role="search" className="search-box" onSubmit={submit} action="/search">
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search candles, tees…"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="small" aria-label="Search">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
      </button>
    </form>
  );
}
