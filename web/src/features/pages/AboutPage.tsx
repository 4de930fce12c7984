import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

export default function AboutPage() {
  return (
    <StaticPage title="About Us">
      <p>
        We are a small shop in a small US town. Every season we design and make candles, tees and hoodies, tufted rugs,
        gift wraps and tumblers, and we ship them across the US.
      </p>
      <p>
        Next to the shop we print on demand and design for local businesses, schools and clubs: custom printing, graphic
        design and web design. <Link to="/custom-printing">Ask us for a quote</Link>.
      </p>
    </StaticPage>
  );
}
