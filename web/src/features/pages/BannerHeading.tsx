import { useEffect, useState } from 'react';
import { BANNER_WORDS, bannerHeading, MESSAGES } from '#shared/messages';

/** How long each word shows: the words pass once in under five seconds, then the first stays (WCAG 2.2.2). */
export const WORD_MS = 1400;
const [before, after] = MESSAGES.bannerHeading.split('{product}');

/**
 * The home heading with '{product}' filled by a product word that changes a few times (CANDLES, TEES,
 * HOODIES, back to CANDLES) and then rests. Screen readers get one fixed heading and no live announcements;
 * with reduced motion the word never changes. All words share one grid cell, so the line never reflows.
 */
export function BannerHeading({ id }: { id: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const steps = [...BANNER_WORDS.keys()].slice(1).concat(0);
    const timers = steps.map((word, step) => window.setTimeout(() => setIndex(word), WORD_MS * (step + 1)));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);
  return (
    <h1 id={id}>
      <span className="visually-hidden">{bannerHeading(BANNER_WORDS[0])}</span>
      <span aria-hidden="true" data-testid="banner-visible">
        {before}
        <span className="rotator">
          {BANNER_WORDS.map((word, i) => (
            <span key={word} className={i === index ? 'word shown' : 'word'}>
              {word}
            </span>
          ))}
        </span>
        {after}
      </span>
    </h1>
  );
}
