import { useId, useState } from 'react';
import { RATING_MESSAGES } from '#shared/messages';

/**
 * A 5-star rating control: radio buttons, usable with keyboard and screen readers, under a visible label ("Your
 * rating"; its accessible name is `label`, which names the product) and followed by its answer: the rating given ("You
 * rated it 4 out of 5") as soon as a star is chosen, or "Not rated yet" (issue 34 item 7).
 */
export function StarRating({
  label,
  value,
  onRate,
  disabled,
}: {
  label: string;
  value: number;
  onRate: (rating: number) => void;
  disabled?: boolean;
}) {
  const [hover, setHover] = useState(0);
  const answerId = useId();
  const shown = hover || value;
  return (
    <fieldset className="stars" disabled={disabled} aria-describedby={answerId}>
      <legend>
        <span aria-hidden="true">{RATING_MESSAGES.label}</span>
        <span className="visually-hidden">{label}</span>
      </legend>
      <span className="star-row" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={star <= shown ? 'on' : ''} onMouseEnter={() => setHover(star)}>
            <input
              type="radio"
              name={label}
              value={star}
              checked={value === star}
              onChange={() => onRate(star)}
              className="visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {star} star{star > 1 ? 's' : ''}
            </span>
          </label>
        ))}
      </span>
      <span id={answerId} className={value ? 'rating-answer rated' : 'rating-answer'}>
        {value ? RATING_MESSAGES.rated(value) : RATING_MESSAGES.notRated}
      </span>
    </fieldset>
  );
}
