import { Link } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { BannerHeading } from './BannerHeading';

/**
 * The home page's banner (spec section 2), its first screen: the picture (fetched first, sized, never lazy), the
 * tagline, the heading and the way to the new releases. The build also renders it into the home page's first HTML
 * (app/firstScreens.tsx, docs/decisions/0120), so it paints before any script has run.
 */
export function HomeBanner() {
  return (
    <section className="banner" aria-labelledby="banner-heading">
      <picture>
        <source media="(min-width: 720px)" srcSet="/banners/banner-desktop.svg" width={1600} height={560} />
        <img
          src="/banners/banner-mobile.svg"
          alt=""
          width="800"
          height="1000"
          fetchPriority="high"
          loading="eager"
          decoding="sync"
        />
      </picture>
      <div className="banner-text">
        <p className="tagline">{MESSAGES.bannerTagline}</p>
        <BannerHeading id="banner-heading" />
        <Link to="/product-list/new-releases" className="button">
          Shop new releases
        </Link>
      </div>
    </section>
  );
}
