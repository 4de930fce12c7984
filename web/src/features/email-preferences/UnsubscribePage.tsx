import { useLoaderData } from 'react-router-dom';
import { MAIL_PREFERENCE_MESSAGES as WORDS } from '#shared/messages';
import { useNoIndex } from '../../lib/useNoIndex';
import type { UnsubscribeResult } from './unsubscribeData';

/**
 * /unsubscribe?token=: the page a reminder's or an alert's unsubscribe link opens. Its loader has already recorded the
 * opt-out when this shows (one click, no sign-in); it says for which address, and what still comes.
 */
export default function UnsubscribePage() {
  useNoIndex('noindex, nofollow');
  const result = useLoaderData<UnsubscribeResult>();
  if (result.done) {
    return (
      <section className="page narrow" aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading">{WORDS.unsubscribedHeading}</h1>
        <p role="status">{WORDS.unsubscribed(result.email)}</p>
        <p className="muted">{WORDS.stillOrderMails}</p>
        <p>
          <a href="/" className="button">
            Back to the shop
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="page narrow" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">This unsubscribe link did not work</h1>
      <p role="alert">{result.problem}</p>
      <p>
        {result.again ? (
          <a href={window.location.href} className="button">
            Try again
          </a>
        ) : (
          <a href="/contact-us" className="button">
            Write to us
          </a>
        )}
      </p>
    </section>
  );
}
