import { Link, useLoaderData } from 'react-router-dom';
import type { homeLoader } from './homeLoader';
import { HotItems } from '../../components/HotItems';
import { HomeBanner } from './HomeBanner';
import './pages.css';

const TILES = [
  { slug: 'candles', label: 'Candles', text: 'Hand-poured seasonal scents', color: '#fde68a' },
  { slug: 'tees', label: 'Tees', text: 'Soft tees with our own prints', color: '#fed7aa' },
  { slug: 'rugs', label: 'Rugs', text: 'Hand-tufted rugs and keyboard rests', color: '#cffafe' },
];

const SERVICES = [
  {
    title: 'Custom printing',
    text: 'Tees, hoodies, tumblers and gift wrap printed with your design, from one piece to a few hundred.',
  },
  { title: 'Graphic design', text: 'Logos, labels, flyers and social posts drawn for your business or event.' },
  { title: 'Web design', text: 'Simple, fast websites for small businesses, built and looked after by us.' },
];

const CLIENTS = [
  'Maple Street Bakery',
  'Riverside High Boosters',
  'Hollow Creek Farm',
  'Lakeside Yoga',
  'Town Fall Festival',
];

/** Home (spec section 2): banner, category tiles, custom printing, services, contact, clients. */
export default function HomePage() {
  const { hot } = useLoaderData<typeof homeLoader>();
  return (
    <div className="home">
      <HomeBanner />

      <section aria-labelledby="tiles-heading">
        <h2 id="tiles-heading">Shop by category</h2>
        <div className="tiles">
          {TILES.map((tile) => (
            <Link key={tile.slug} to={`/product-list/${tile.slug}`} className="tile" style={{ background: tile.color }}>
              <strong>{tile.label}</strong>
              <span>{tile.text}</span>
            </Link>
          ))}
        </div>
      </section>

      <HotItems products={hot} />

      <section className="pitch card" aria-labelledby="pitch-heading">
        <div>
          <h2 id="pitch-heading">Custom printing for your team, shop or party</h2>
          <p>Send us your idea and the items you want printed; we answer with a quote within two working days.</p>
        </div>
        <Link to="/custom-printing" className="button">
          Get a quote
        </Link>
      </section>

      <section className="pitch card" aria-labelledby="gift-heading">
        <div>
          <h2 id="gift-heading">Gift cards, emailed on the day you choose</h2>
          <p>From $10 to $500, with your message. It pays for anything in the shop and never expires.</p>
        </div>
        <Link to="/gift-cards" className="button">
          Give a gift card
        </Link>
      </section>

      <section aria-labelledby="services-heading">
        <h2 id="services-heading">Our services</h2>
        <ul className="services">
          {SERVICES.map((service) => (
            <li key={service.title} className="card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="contact-cta card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Questions? We are a message away.</h2>
        <Link to="/contact-us" className="button secondary">
          Contact us
        </Link>
      </section>

      <section aria-labelledby="clients-heading">
        <h2 id="clients-heading">Some of our clients</h2>
        <ul className="clients">
          {CLIENTS.map((client) => (
            <li key={client}>{client}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
