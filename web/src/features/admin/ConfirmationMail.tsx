import { Button } from '@aws-amplify/ui-react';
import { CONFIRMATION_MAIL_MESSAGES as WORDS } from '#shared/messages';
import type { ConfirmationMailView } from '#shared/schemas/order-views';
import { when } from './OrderBits';

/** The heading and the sentence that say where an order's confirmation mail stands (decision 0064). */
function words(mail: ConfirmationMailView): { heading: string; text: string } {
  switch (mail.state) {
    case 'sent':
      return { heading: WORDS.heading.sent(mail.at ? when(mail.at) : null), text: WORDS.explain.sentTo(mail.to) };
    case 'waiting':
      return {
        heading: WORDS.heading.waiting,
        text: mail.canSendAgain ? WORDS.explain.waiting : WORDS.explain.waitingForCapture,
      };
    case 'retrying':
      return { heading: WORDS.heading.retrying, text: WORDS.explain.retrying(mail.attempts, when(mail.at)) };
    case 'failed':
      return { heading: WORDS.heading.failed, text: WORDS.explain.failed(mail.attempts) };
    case 'sending':
    case 'unknown':
    case 'withdrawn':
      return { heading: WORDS.heading[mail.state], text: WORDS.explain[mail.state] };
  }
}

/**
 * The order page's card for the customer's confirmation mail: sent (when), on its way, or not sent with why and Send
 * again. A send that may have gone out asks before sending what could be a second copy. `send` asks the page's action
 * (which reports and reads the page again); `sending` while it is on its way.
 */
export function ConfirmationMailCard({
  mail,
  send,
  sending,
}: {
  mail: ConfirmationMailView;
  send: () => void;
  sending: boolean;
}) {
  const { heading, text } = words(mail);
  const press = () => {
    if (mail.state === 'unknown' && !window.confirm(WORDS.confirmUnknown)) return;
    send();
  };
  return (
    <section
      className={`card confirmation-mail confirmation-mail-${mail.state}`}
      aria-labelledby="confirmation-mail-heading"
    >
      <h2 id="confirmation-mail-heading">{heading}</h2>
      <p>{text}</p>
      {mail.error && mail.state !== 'sent' && <p className="muted">{WORDS.lastError(mail.error)}</p>}
      {mail.canSendAgain && (
        <Button size="small" isLoading={sending} loadingText={WORDS.sendAgain} onClick={press}>
          {WORDS.sendAgain}
        </Button>
      )}
    </section>
  );
}
