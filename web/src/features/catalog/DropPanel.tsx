import { useEffect, useState, type ReactNode } from 'react';
import { dropStartText } from '#shared/drops';
import { countdownText, DROP_MESSAGES } from '#shared/messages';
import { followLine, type LineState } from '../../lib/dropLine';

/**
 * A drop's product page (issue 57, docs/decisions/0181). Before the start: the start and a countdown, run in the
 * browser from the page's own data (the first HTML holds the same, drawn by the page function), with no call to the
 * API. From the start, a drop without a line shows the form at once; one with a line joins it, shows the honest place
 * and wait the line answers (asked again as often as it says), and shows the form only once the buyer is let in.
 */
export function DropPanel({
  productId,
  drop,
  children,
}: {
  productId: string;
  drop: { startsAt: string; line: boolean };
  /** The size and quantity form: shown once the buyer may buy. */
  children: ReactNode;
}) {
  const start = Date.parse(drop.startsAt);
  const [now, setNow] = useState(() => Date.now());
  const before = now < start;
  // One tick a second until the start (the countdown's text); none after it.
  useEffect(() => {
    if (!before) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [before]);
  if (before) return <DropCountdown startsAt={drop.startsAt} left={start - now} />;
  if (!drop.line) return <>{children}</>;
  return <DropLine productId={productId}>{children}</DropLine>;
}

/** The countdown: the same markup the page function draws into the first HTML (functions/domain/pages/render.ts). */
function DropCountdown({ startsAt, left }: { startsAt: string; left: number }) {
  return (
    <div className="drop-countdown" data-starts-at={startsAt}>
      <p className="drop-when">{DROP_MESSAGES.onSaleAt(dropStartText(startsAt))}</p>
      {/* role=timer: read when asked for, not announced every second. */}
      <p className="drop-left" role="timer" aria-label={DROP_MESSAGES.countdownLabel}>
        <time dateTime={startsAt}>{DROP_MESSAGES.startsIn(countdownText(left))}</time>
      </p>
    </div>
  );
}

/** The line from the start: joined once, its place shown politely (aria-live), the form once let in. */
function DropLine({ productId, children }: { productId: string; children: ReactNode }) {
  const [state, setState] = useState<LineState>({ kind: 'joining' });
  const [round, setRound] = useState(0);
  useEffect(() => followLine(productId, setState), [productId, round]);
  return (
    <>
      <section className="drop-line" aria-labelledby="drop-line-heading">
        <h2 id="drop-line-heading">{DROP_MESSAGES.lineHeading}</h2>
        <div role="status" aria-live="polite" aria-atomic="true" className="drop-line-status">
          <LineText state={state} />
        </div>
        {state.kind === 'left' && (
          <button type="button" onClick={() => setRound((r) => r + 1)}>
            {DROP_MESSAGES.joinAgain}
          </button>
        )}
      </section>
      {state.kind === 'in' && children}
    </>
  );
}

function LineText({ state }: { state: LineState }) {
  switch (state.kind) {
    case 'joining':
      return <p>{DROP_MESSAGES.joining}</p>;
    case 'waiting':
      return (
        <>
          <p className="drop-position">
            {DROP_MESSAGES.position(state.position)} {DROP_MESSAGES.wait(state.waitSeconds)}
          </p>
          <p className="muted">{DROP_MESSAGES.keepOpen}</p>
        </>
      );
    case 'in':
      return <p className="success">{DROP_MESSAGES.letIn}</p>;
    case 'sold_out':
    case 'left':
      return <p className="error">{state.message}</p>;
    case 'retrying':
      return <p className="muted">{state.message}</p>;
  }
}
