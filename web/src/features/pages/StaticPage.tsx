import type { ReactNode } from 'react';
import './pages.css';

/** The frame of the static pages. */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="page prose">
      <h1>{title}</h1>
      {children}
    </article>
  );
}
