/** The loading image of the spec, as an accessible status. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="#e7dfd3" strokeWidth="6" />
        <path d="M24 4a20 20 0 0 1 20 20" fill="none" stroke="#9a3412" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
