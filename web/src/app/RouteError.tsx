import { useLayoutEffect } from 'react';
import { MESSAGES } from '#shared/messages';
import { takeOverShell } from './shell';

/** What shows when a page's code cannot be loaded or fails: a plain sentence (and the static shell goes). */
export function RouteError() {
  useLayoutEffect(takeOverShell, []);
  return (
    <section className="page narrow" role="alert">
      <h1>{MESSAGES.pageFailed}</h1>
      <p>
        <a href="/" className="button">
          Go to the home page
        </a>
      </p>
    </section>
  );
}
