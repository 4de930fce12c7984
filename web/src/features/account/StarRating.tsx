import { useState } from 'react';

/** A 5-star rating control: radio buttons, usable with keyboard and screen readers. */
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
  const shown = hover || value;
  return (
    <fieldset className="stars" onMouseLeave={() => setHover(0)} disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
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
    </fieldset>
  );
}
