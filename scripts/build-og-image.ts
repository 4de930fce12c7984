/**
 * Draws the shop's link-preview picture (shared/pages.ts SHARE_IMAGE): 1200x630, what Open Graph and Twitter's
 * large card show for a page without a product photo (home, static pages, an empty category). The banner's colours
 * and motifs (candle, tee, gift wrap), the favicon's candle and the shop's name. Written to web/public/og-image.jpg,
 * which is committed (a build needs no fonts); run again after changing the banner or the name:
 * `npm run build:og-image`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SHARE_IMAGE, SHOP_NAME } from '../shared/pages';

const { width, height } = SHARE_IMAGE;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c2d12"/><stop offset=".55" stop-color="#c2410c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <g fill="#fff7ed" opacity=".14"><circle cx="1040" cy="90" r="170"/><circle cx="1140" cy="520" r="120"/><circle cx="90" cy="560" r="150"/></g>
  <g transform="translate(650 215) scale(1.05)">
    <rect x="0" y="140" width="120" height="170" rx="16" fill="#fff7ed"/><path d="M60 60c26 32 26 60 0 76-26-16-26-44 0-76z" fill="#fbbf24"/>
    <path d="M170 120l50-28h56l50 28 34 50-45 22v140H200V192l-45-22z" fill="#fde68a"/>
    <rect x="390" y="170" width="110" height="140" rx="10" fill="#fed7aa"/><rect x="435" y="170" width="20" height="140" fill="#b91c1c"/>
  </g>
  <g font-family="DejaVu Serif, Georgia, serif" fill="#fff7ed">
    <text x="80" y="190" font-size="88" font-weight="700">${escape(SHOP_NAME.split(' ')[0])}</text>
    <text x="80" y="290" font-size="88" font-weight="700">${escape(SHOP_NAME.split(' ').slice(1).join(' '))}</text>
  </g>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffedd5" font-size="34">
    <text x="82" y="380">Candles, tees, hoodies, rugs</text>
    <text x="82" y="428">and custom printing</text>
  </g>
  <rect x="82" y="480" width="220" height="8" rx="4" fill="#fbbf24"/>
</svg>`;

const out = path.join(__dirname, '..', 'web', 'public', SHARE_IMAGE.path.slice(1));
sharp(Buffer.from(svg))
  .jpeg({ quality: 82, mozjpeg: true })
  .toBuffer()
  .then(
    (jpeg) => {
      writeFileSync(out, jpeg);
      console.log(`${out}: ${width}x${height}, ${(jpeg.length / 1024).toFixed(1)} KB`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
