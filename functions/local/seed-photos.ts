import sharp from 'sharp';

/**
 * Photo-like pictures for the demo catalogue, drawn here (no downloads): a product motif lit on a table against a
 * wall, with a soft shadow, a fabric/paper texture and film grain, saved as a large phone-camera JPEG (2400x1800
 * at high quality, several MB, with camera EXIF and a GPS position as phones write them). They go through the same
 * upload and image pipeline as an owner's photos, so `npm start` shows what a real shop will.
 */
export type Motif = 'candle' | 'tee' | 'hoodie' | 'rug' | 'wrap' | 'tumbler';

const SHAPES: Record<Motif, string> = {
  candle:
    '<rect x="150" y="120" width="100" height="130" rx="14" fill="url(#body)"/><ellipse cx="200" cy="122" rx="50" ry="10" fill="url(#top)"/>' +
    '<rect x="197" y="92" width="6" height="24" fill="#1f2937"/><path d="M200 50c18 22 18 42 0 50-18-8-18-28 0-50z" fill="url(#flame)"/>',
  tee: '<path d="M128 80l45-25h54l45 25 32 45-42 20v115H138V145l-42-20z" fill="url(#body)"/><path d="M173 55c6 22 48 22 54 0" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="5"/>',
  hoodie:
    '<path d="M122 95l52-42h52l52 42 26 62-36 10v100H132V167l-36-10z" fill="url(#body)"/><path d="M174 53c6 42 46 42 52 0" fill="none" stroke="rgba(255,255,255,.6)" stroke-width="7"/>' +
    '<rect x="165" y="200" width="70" height="36" rx="8" fill="rgba(0,0,0,.15)"/>',
  rug: '<g transform="rotate(-6 200 170)"><rect x="90" y="80" width="220" height="170" rx="22" fill="url(#body)"/><circle cx="200" cy="165" r="52" fill="url(#top)" opacity=".8"/><path d="M120 100h160M120 230h160" stroke="rgba(255,255,255,.35)" stroke-width="6" stroke-dasharray="6 8"/></g>',
  wrap: '<rect x="115" y="95" width="170" height="150" rx="6" fill="url(#body)"/><rect x="190" y="95" width="20" height="150" fill="url(#top)"/><rect x="115" y="160" width="170" height="20" fill="url(#top)"/><path d="M200 95c-34-44-66-10-32 0zM200 95c34-44 66-10 32 0z" fill="url(#top)"/>',
  tumbler:
    '<path d="M152 70h96l-12 185h-72z" fill="url(#body)"/><rect x="146" y="56" width="108" height="22" rx="6" fill="url(#top)"/><rect x="214" y="16" width="8" height="48" fill="#f8fafc"/>',
};

/** The scene as SVG (viewBox 400x300): wall and table lit from the left, the motif with a shadow under it. */
export function sceneSvg(
  motif: Motif,
  [dark, light]: [string, string],
  variant: number,
  width: number,
  height: number,
): string {
  const tilt = [0, -7, 6][variant % 3];
  const zoom = [1, 1.12, 0.92][variant % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="#f7efe3"/><stop offset=".55" stop-color="${light}"/><stop offset="1" stop-color="#8b7d6b"/></linearGradient>
  <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a47148"/><stop offset="1" stop-color="#5b3a22"/></linearGradient>
  <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".35" stop-color="${dark}"/><stop offset="1" stop-color="#111827"/></linearGradient>
  <linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${light}"/></linearGradient>
  <radialGradient id="flame" cx=".5" cy=".7" r=".6"><stop offset="0" stop-color="#fff7ed"/><stop offset=".5" stop-color="#fbbf24"/><stop offset="1" stop-color="#ea580c"/></radialGradient>
  <radialGradient id="light" cx=".2" cy=".15" r=".9"><stop offset="0" stop-color="#ffffff" stop-opacity=".3"/><stop offset="1" stop-color="#000000" stop-opacity=".35"/></radialGradient>
  <filter id="soft"><feGaussianBlur stdDeviation="7"/></filter>
</defs>
<rect width="400" height="300" fill="url(#wall)"/>
<rect y="205" width="400" height="95" fill="url(#table)"/>
<path d="M0 205h400" stroke="#3f2a1a" stroke-width="2" opacity=".6"/>
<ellipse cx="212" cy="262" rx="${105 * zoom}" ry="16" fill="#000" opacity=".45" filter="url(#soft)"/>
<g transform="translate(200 165) rotate(${tilt}) scale(${zoom}) translate(-200 -165)">${SHAPES[motif]}</g>
<rect width="400" height="300" fill="url(#light)"/>
</svg>`;
}

/** Noise as raw RGB, `scale` times smaller than the picture (then enlarged: blotches rather than grain). */
async function noise(width: number, height: number, sigma: number, scale: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  return sharp({
    create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .resize(width, height, { kernel: scale > 1 ? 'cubic' : 'nearest' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A photo-like JPEG of a product, `width` x `height` (default 2400x1800, the size of a phone photo), with EXIF as
 * a phone writes it (camera, time, GPS position): the pipeline must strip it all.
 */
export async function seedPhoto(
  motif: Motif,
  colors: [string, string],
  variant = 0,
  width = 2400,
  height = 1800,
): Promise<Buffer> {
  const [texture, grain] = await Promise.all([noise(width, height, 36, 6), noise(width, height, 16, 1)]);
  return sharp(Buffer.from(sceneSvg(motif, colors, variant, width, height)))
    .composite([
      { input: texture, blend: 'soft-light' },
      { input: grain, blend: 'overlay' },
    ])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .withExif({
      IFD0: { Make: 'Google', Model: 'Pixel 8', Software: 'Seasonal Shop demo camera' },
      IFD2: { DateTimeOriginal: '2024:10:12 16:04:31' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4612/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5604/100',
      },
    })
    .toBuffer();
}
