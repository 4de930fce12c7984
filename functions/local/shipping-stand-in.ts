import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The shipping provider's stand-in (issue 53 item 5, docs/decisions/0161): EasyPost's v2 API as its test mode answers
 * it (https://docs.easypost.com/docs/shipments, /docs/rates; the objects' documented shapes, JSON, HTTP Basic auth
 * with the API key as the user; buying, converting and refunding a label: /docs/shipments#buy-a-shipment,
 * #converting-the-label-format-of-a-shipment, /docs/shipments/shipping-refund), so the official `@easypost/api` client runs against it through its `baseUrl` in
 * `npm start` and the tests. Only 127.0.0.1. Shipments and their rates are kept in memory.
 *
 * Rates are deterministic by weight and zone: the zone comes from the first three digits of the ship-from and
 * ship-to ZIPs (their distance; Alaska, Hawaii and Puerto Rico zone 9), and each USPS service (no contract of the
 * owner's own: EasyPost's USPS account) prices a base plus a price per ounce growing with the zone.
 */

export interface ShippingStandInOptions {
  /** The API key the client must send (a test key `EZTK...`); default: a random one, on `apiKey`. */
  apiKey?: string;
  port?: number;
}

export interface ShippingStandIn {
  /** What the client's `baseUrl` is set to: `http://127.0.0.1:<port>/v2/`. */
  baseUrl: string;
  apiKey: string;
  /** Every request it answered: method and path. */
  calls: { method: string; path: string }[];
  /** Answer every request this many ms late (a provider that does not answer in time). */
  delayMs: number;
  /** The shipments made so far, by id. */
  shipments: Map<string, StandInShipment>;
  /** Every label bought (POST /v2/shipments/:id/buy that bought one), in order: a shipment's id each. */
  bought: string[];
  /** Every refund asked for that was taken (POST /v2/shipments/:id/refund), in order: a shipment's id each. */
  refunds: string[];
  /** The trackers registered so far (POST /v2/trackers), by id. */
  trackers: Map<string, StandInTracker>;
  /**
   * Where its webhooks go (EasyPost's dashboard's webhook URL and secret): a URL it POSTs to, or `send` (a test hands
   * the body and headers to the handler itself). None: `advance` only moves the tracker.
   */
  webhook: {
    secret: string;
    url?: string;
    send?: (body: string, headers: Record<string, string>) => Promise<number>;
  } | null;
  /** The body of a `tracker.updated` event for the tracker at `status` (a new event id each time), not sent. */
  trackerEvent(trackerId: string, status: string): string;
  /** Sends an event's body to the webhook, signed with its secret (or `secret`); answers the HTTP status. */
  sendWebhook(body: string, options?: { secret?: string; signature?: string | null }): Promise<number>;
  /**
   * Moves a tracker to `status` (default: the next of pre_transit, in_transit, out_for_delivery, delivered) and sends
   * its signed `tracker.updated` event; also `POST /__stand-in/trackers/{id}/advance` (`{"status": ...}` optional).
   */
  advance(trackerId: string, status?: string): Promise<{ body: string; answered: number | null }>;
  stop(): Promise<void>;
}

/** A Tracker as EasyPost's v2 API answers it (https://docs.easypost.com/docs/trackers). */
export interface StandInTracker {
  id: string;
  object: 'Tracker';
  mode: 'test';
  tracking_code: string;
  status: string;
  status_detail: string;
  signed_by: string | null;
  weight: null;
  est_delivery_date: string;
  shipment_id: string | null;
  carrier: string;
  tracking_details: {
    object: 'TrackingDetail';
    message: string;
    status: string;
    status_detail: string;
    datetime: string;
    source: string;
    tracking_location: {
      object: 'TrackingLocation';
      city: string | null;
      state: string | null;
      country: string | null;
      zip: string | null;
    };
  }[];
  public_url: string;
  fees: unknown[];
  created_at: string;
  updated_at: string;
}

/** The steps `advance` walks a parcel through, as EasyPost's test trackers do. */
export const STAND_IN_TRACKER_STEPS = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'] as const;

interface Address {
  id: string;
  object: 'Address';
  name: string | null;
  street1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  mode: 'test';
}

interface Rate {
  id: string;
  object: 'Rate';
  mode: 'test';
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  retail_rate: string;
  list_rate: string;
  delivery_days: number;
  est_delivery_days: number;
  delivery_date: null;
  delivery_date_guaranteed: boolean;
  shipment_id: string;
  carrier_account_id: string;
  created_at: string;
  updated_at: string;
}

interface PostageLabel {
  id: string;
  object: 'PostageLabel';
  label_date: string;
  label_file_type: string;
  label_resolution: number;
  label_size: string;
  label_url: string;
  label_pdf_url: string | null;
  label_zpl_url: null;
  label_epl2_url: null;
  created_at: string;
  updated_at: string;
}

export interface StandInShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  reference: string | null;
  status: string;
  to_address: Address;
  from_address: Address;
  return_address: Address;
  buyer_address: Address;
  parcel: {
    id: string;
    object: 'Parcel';
    length: number | null;
    width: number | null;
    height: number | null;
    weight: number;
    mode: 'test';
  };
  rates: Rate[];
  selected_rate: Rate | null;
  postage_label: PostageLabel | null;
  tracking_code: string | null;
  tracker: StandInTracker | null;
  refund_status: 'submitted' | 'refunded' | 'rejected' | null;
  messages: unknown[];
  options: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

const CARRIER_ACCOUNT = 'ca_' + 'usps0standin0000000000000000000';
const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

/** The services offered, each priced base + perOunce x ounces x (1 + zone x growth), in cents, and its days. */
const SERVICES = [
  {
    service: 'GroundAdvantage',
    base: 450,
    perOunce: 12,
    growth: 0.15,
    days: (zone: number) => 2 + Math.ceil(zone / 2),
  },
  { service: 'Priority', base: 800, perOunce: 18, growth: 0.2, days: (zone: number) => 1 + Math.ceil(zone / 3) },
  { service: 'Express', base: 2800, perOunce: 40, growth: 0.2, days: (zone: number) => (zone === 9 ? 2 : 1) },
] as const;

/** The zone between two ZIPs, 1 to 9, by their first three digits (9: Alaska, Hawaii, Puerto Rico). */
export function zoneOf(fromZip: string, toZip: string): number {
  const to = Number(toZip.slice(0, 3));
  if ((to >= 995 && to <= 999) || to === 967 || to === 968 || (to >= 6 && to <= 9)) return 9;
  const distance = Math.abs(Number(fromZip.slice(0, 3)) - to);
  const bounds = [10, 50, 150, 300, 500, 700, 850];
  const zone = bounds.findIndex((bound) => distance < bound);
  return zone === -1 ? 8 : zone + 1;
}

/** A service's price in cents for a parcel of `ounces` to `zone`. */
export function standInCents(service: (typeof SERVICES)[number], ounces: number, zone: number): number {
  return Math.round(service.base + service.perOunce * ounces * (1 + zone * service.growth));
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A real one-page PDF of 4 x 6 inches (288 x 432 points) naming the carrier, service, tracking code and addresses: what
 * a label printer or a phone's print sheet takes. Written out with its cross-reference table's byte offsets.
 */
export function labelPdf(lines: readonly string[]): Buffer {
  const safe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 14 Tf 24 396 Td (STAND-IN LABEL - NOT POSTAGE) Tj ET',
    ...lines.map((line, index) => `BT /F1 12 Tf 24 ${360 - index * 20} Td (${safe(line)}) Tj ET`),
    '20 20 248 392 re S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A deterministic tracking code of a shipment: USPS's 22 digits, from the shipment id's hex. */
const trackingCodeOf = (shipmentId: string) =>
  `9400${BigInt('0x' + shipmentId.slice(4, 20))
    .toString()
    .padStart(18, '0')
    .slice(0, 18)}`;

function address(given: Record<string, unknown> | undefined): Address {
  const text = (key: string) => (typeof given?.[key] === 'string' ? given[key] : null);
  return {
    id: id('adr'),
    object: 'Address',
    name: text('name'),
    street1: text('street1'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country') ?? 'US',
    phone: text('phone'),
    email: text('email'),
    mode: 'test',
  };
}

const error = (res: http.ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code, message, errors: [] } }));
};
const ok = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Whether the request's Basic auth names the key (EasyPost takes the key as the user, no password). */
function authorized(req: http.IncomingMessage, apiKey: string): boolean {
  const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const user = Buffer.from(match[1], 'base64').toString('utf8').split(':')[0];
  const [a, b] = [Buffer.from(user), Buffer.from(apiKey)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startShippingStandIn(options: ShippingStandInOptions = {}): Promise<ShippingStandIn> {
  const apiKey = options.apiKey ?? `EZTK${randomBytes(16).toString('hex')}`;
  const shipments = new Map<string, StandInShipment>();
  const rates = new Map<string, Rate>();
  const calls: ShippingStandIn['calls'] = [];
  const bought: string[] = [];
  const refunds: string[] = [];
  const pdfs = new Map<string, Buffer>();
  const fileUrl = (name: string) => `${standIn.baseUrl.replace(/\/v2\/$/, '')}/files/postage_label/${name}`;
  const notFound = (res: http.ServerResponse) =>
    error(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');

  /** The label as a PDF (EasyPost's label_pdf_url), made once per shipment. */
  function pdfLabel(shipment: StandInShipment) {
    const name = `${shipment.id}.pdf`;
    if (!pdfs.has(name))
      pdfs.set(
        name,
        labelPdf([
          `${shipment.selected_rate!.carrier} ${shipment.selected_rate!.service}`,
          `TRACKING ${shipment.tracking_code}`,
          `TO ${shipment.to_address.name ?? ''}`,
          `${shipment.to_address.street1 ?? ''}`,
          `${shipment.to_address.city ?? ''} ${shipment.to_address.state ?? ''} ${shipment.to_address.zip ?? ''}`,
          `FROM ${shipment.from_address.name ?? ''} ${shipment.from_address.zip ?? ''}`,
          `${shipment.parcel.weight} OZ`,
        ]),
      );
    return fileUrl(name);
  }

  /**
   * POST /v2/shipments/:id/buy with {rate: {id}}: the label, its tracking code and tracker. A shipment has one label:
   * buying it again is refused as EasyPost refuses it (422 SHIPMENT.POSTAGE.EXISTS), so a second buy never pays twice.
   */
  function buyShipment(shipment: StandInShipment, body: Record<string, unknown>, res: http.ServerResponse) {
    const rateId = ((body.rate ?? {}) as Record<string, unknown>).id;
    if (shipment.postage_label)
      return error(res, 422, 'SHIPMENT.POSTAGE.EXISTS', 'Shipment already has a label. Create a new shipment.');
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate) return error(res, 422, 'SHIPMENT.RATE.INVALID', 'The rate is not one of this shipment.');
    const now = new Date().toISOString();
    const pdf = shipment.options.label_format === 'PDF';
    shipment.selected_rate = rate;
    shipment.tracking_code = trackingCodeOf(shipment.id);
    shipment.status = 'unknown';
    shipment.tracker = newTracker(shipment.tracking_code, rate.carrier, shipment.id);
    shipment.postage_label = {
      id: id('pl'),
      object: 'PostageLabel',
      label_date: now,
      label_file_type: pdf ? 'application/pdf' : 'image/png',
      label_resolution: 300,
      label_size: typeof shipment.options.label_size === 'string' ? shipment.options.label_size : '4x6',
      label_url: fileUrl(`${shipment.id}.${pdf ? 'pdf' : 'png'}`),
      label_pdf_url: pdf ? pdfLabel(shipment) : null,
      label_zpl_url: null,
      label_epl2_url: null,
      created_at: now,
      updated_at: now,
    };
    shipment.updated_at = now;
    bought.push(shipment.id);
    ok(res, 200, shipment);
  }

  const trackers = new Map<string, StandInTracker>();

  /** A tracker at pre_transit, kept so that `advance` can move it (a bought label's too, as EasyPost makes one). */
  function newTracker(code: string, carrier: string, shipmentId: string | null): StandInTracker {
    const now = new Date();
    const tracker: StandInTracker = {
      id: id('trk'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: code,
      status: 'pre_transit',
      status_detail: 'label_created',
      signed_by: null,
      weight: null,
      est_delivery_date: new Date(now.getTime() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10) + 'T00:00:00Z',
      shipment_id: shipmentId,
      carrier,
      tracking_details: [],
      public_url: `https://track.easypost.com/stand-in/${code}`,
      fees: [],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    trackers.set(tracker.id, tracker);
    return tracker;
  }

  function createTracker(body: Record<string, unknown>, res: http.ServerResponse) {
    const given = (body.tracker ?? {}) as Record<string, unknown>;
    const code = typeof given.tracking_code === 'string' ? given.tracking_code.trim() : '';
    if (!code) return error(res, 422, 'TRACKER.TRACKING_CODE.INVALID', 'A tracking code is required.');
    const carrier = typeof given.carrier === 'string' && given.carrier ? given.carrier : 'USPS';
    // EasyPost answers a second request for the same code and carrier with the first tracker.
    const existing = [...trackers.values()].find((t) => t.tracking_code === code && t.carrier === carrier);
    if (existing) return ok(res, 200, existing);
    const tracker = newTracker(code, carrier, null);
    ok(res, 201, tracker);
  }

  /** The tracker moved to `status` now, with a tracking detail for it. */
  function moveTracker(tracker: StandInTracker, status: string) {
    const now = new Date().toISOString();
    tracker.status = status;
    tracker.status_detail = status === 'delivered' ? 'arrived_at_destination' : status;
    tracker.updated_at = now;
    tracker.tracking_details.push({
      object: 'TrackingDetail',
      message: status.replace(/_/g, ' '),
      status,
      status_detail: tracker.status_detail,
      datetime: now,
      source: tracker.carrier,
      tracking_location: { object: 'TrackingLocation', city: 'AUSTIN', state: 'TX', country: 'US', zip: '78701' },
    });
  }

  function createShipment(body: Record<string, unknown>, res: http.ServerResponse) {
    const given = (body.shipment ?? {}) as Record<string, unknown>;
    const parcel = (given.parcel ?? {}) as Record<string, unknown>;
    const weight = Number(parcel.weight);
    const to = address(given.to_address as Record<string, unknown>);
    const from = address(given.from_address as Record<string, unknown>);
    if (!Number.isFinite(weight) || weight <= 0)
      return error(res, 422, 'PARCEL.WEIGHT.INVALID', 'Parcel weight must be greater than 0 ounces.');
    if (!/^\d{5}/.test(to.zip ?? '') || !/^\d{5}/.test(from.zip ?? ''))
      return error(res, 422, 'ADDRESS.VERIFY.FAILURE', 'An address needs a 5-digit ZIP.');
    const now = new Date().toISOString();
    const shipmentId = id('shp');
    const zone = zoneOf(from.zip!, to.zip!);
    const shipmentRates = SERVICES.map((service): Rate => {
      const cents = standInCents(service, weight, zone);
      const days = service.days(zone);
      return {
        id: id('rate'),
        object: 'Rate',
        mode: 'test',
        carrier: 'USPS',
        service: service.service,
        rate: dollars(cents),
        currency: 'USD',
        retail_rate: dollars(Math.round(cents * 1.15)),
        list_rate: dollars(Math.round(cents * 1.08)),
        delivery_days: days,
        est_delivery_days: days,
        delivery_date: null,
        delivery_date_guaranteed: false,
        shipment_id: shipmentId,
        carrier_account_id: CARRIER_ACCOUNT,
        created_at: now,
        updated_at: now,
      };
    });
    const shipment: StandInShipment = {
      id: shipmentId,
      object: 'Shipment',
      mode: 'test',
      reference: typeof given.reference === 'string' ? given.reference : null,
      status: 'unknown',
      to_address: to,
      from_address: from,
      return_address: from,
      buyer_address: to,
      parcel: {
        id: id('prcl'),
        object: 'Parcel',
        length: Number(parcel.length) || null,
        width: Number(parcel.width) || null,
        height: Number(parcel.height) || null,
        weight,
        mode: 'test',
      },
      rates: shipmentRates,
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      tracker: null,
      refund_status: null,
      messages: [],
      options: typeof given.options === 'object' && given.options ? (given.options as Record<string, unknown>) : {},
      created_at: now,
      updated_at: now,
    };
    shipments.set(shipmentId, shipment);
    for (const rate of shipmentRates) rates.set(rate.id, rate);
    ok(res, 201, shipment);
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    res: http.ServerResponse,
  ) {
    if (method === 'POST' && path === '/v2/shipments') return createShipment(body, res);
    if (method === 'POST' && path === '/v2/trackers') return createTracker(body, res);
    const tracked = /^\/v2\/trackers\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && tracked) {
      const tracker = trackers.get(tracked[1]);
      return tracker
        ? ok(res, 200, tracker)
        : error(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    let match = /^\/v2\/shipments\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && match) {
      const shipment = shipments.get(match[1]);
      return shipment
        ? ok(res, 200, shipment)
        : error(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    match = /^\/v2\/shipments\/([A-Za-z0-9_]+)\/(buy|label|refund)$/.exec(path);
    if (match) {
      const shipment = shipments.get(match[1]);
      if (!shipment) return notFound(res);
      if (method === 'POST' && match[2] === 'buy') return buyShipment(shipment, body, res);
      // GET /v2/shipments/:id/label?file_format=PDF: the bought label converted (label_pdf_url filled).
      if (method === 'GET' && match[2] === 'label') {
        if (!shipment.postage_label)
          return error(res, 422, 'SHIPMENT.POSTAGE.MISSING', 'The shipment has no label to convert.');
        if (String(query.get('file_format')).toUpperCase() !== 'PDF')
          return error(res, 422, 'SHIPMENT.LABEL.FORMAT', 'Only PDF labels are converted here.');
        shipment.postage_label.label_pdf_url = pdfLabel(shipment);
        return ok(res, 200, shipment);
      }
      // POST /v2/shipments/:id/refund: a bought, unrefunded label's refund is submitted (EasyPost's refund_status).
      if (method === 'POST' && match[2] === 'refund') {
        if (!shipment.postage_label)
          return error(res, 422, 'SHIPMENT.REFUND.NOT_PURCHASED', 'The shipment has no label to refund.');
        if (shipment.refund_status)
          return error(res, 422, 'SHIPMENT.REFUND.ALREADY_REQUESTED', 'A refund was already requested.');
        shipment.refund_status = 'submitted';
        shipment.updated_at = new Date().toISOString();
        refunds.push(shipment.id);
        return ok(res, 200, shipment);
      }
      return notFound(res);
    }
    match = /^\/v2\/rates\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && match) {
      const rate = rates.get(match[1]);
      return rate ? ok(res, 200, rate) : error(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    error(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');
  }

  const standIn: ShippingStandIn = {
    baseUrl: '',
    apiKey,
    calls,
    delayMs: 0,
    shipments,
    bought,
    refunds,
    trackers,
    webhook: null,
    trackerEvent(trackerId, status) {
      const tracker = trackers.get(trackerId);
      if (!tracker) throw new Error(`the stand-in has no tracker ${trackerId}`);
      const now = new Date().toISOString();
      return JSON.stringify({
        id: id('evt'),
        object: 'Event',
        mode: 'test',
        description: 'tracker.updated',
        previous_attributes: { status: tracker.status },
        result: { ...structuredClone(tracker), status, updated_at: now },
        status: 'pending',
        pending_urls: [],
        completed_urls: [],
        created_at: now,
        updated_at: now,
      });
    },
    async sendWebhook(body, options = {}) {
      const hook = standIn.webhook;
      if (!hook) throw new Error('the stand-in has no webhook set');
      const signature =
        options.signature === undefined ? webhookSignature(body, options.secret ?? hook.secret) : options.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-hmac-signature': signature }),
      };
      if (hook.send) return hook.send(body, headers);
      const answer = await fetch(hook.url!, { method: 'POST', headers, body });
      await answer.arrayBuffer();
      return answer.status;
    },
    async advance(trackerId, status) {
      const tracker = trackers.get(trackerId);
      if (!tracker) throw new Error(`the stand-in has no tracker ${trackerId}`);
      const at = STAND_IN_TRACKER_STEPS.indexOf(tracker.status as (typeof STAND_IN_TRACKER_STEPS)[number]);
      const next = status ?? STAND_IN_TRACKER_STEPS[Math.min(at + 1, STAND_IN_TRACKER_STEPS.length - 1)];
      const body = standIn.trackerEvent(trackerId, next);
      moveTracker(tracker, next);
      return { body, answered: standIn.webhook ? await standIn.sendWebhook(body) : null };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      const method = req.method ?? 'GET';
      calls.push({ method, path });
      const advancing = /^\/__stand-in\/trackers\/([A-Za-z0-9_]+)\/advance$/.exec(path);
      if (method === 'POST' && advancing) {
        let wanted: string | undefined;
        try {
          const given = chunks.length
            ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status?: unknown })
            : {};
          if (typeof given.status === 'string') wanted = given.status;
        } catch {
          return error(res, 400, 'BAD_REQUEST', 'The request body is not JSON.');
        }
        if (!trackers.has(advancing[1])) return error(res, 404, 'NOT_FOUND', 'No such tracker.');
        standIn.advance(advancing[1], wanted).then(
          ({ answered }) => ok(res, 200, { tracker: trackers.get(advancing[1]), webhookAnswered: answered }),
          (failure: Error) => error(res, 502, 'WEBHOOK.FAILED', failure.message),
        );
        return;
      }
      const answer = () => {
        // The label files, as EasyPost's file host serves them: no key, the address is the secret.
        const file = /^\/files\/postage_label\/([A-Za-z0-9_]+\.(pdf|png))$/.exec(path);
        if (file && method === 'GET') {
          const pdf = pdfs.get(file[1]);
          if (!pdf) return notFound(res);
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
          return res.end(pdf);
        }
        if (!authorized(req, apiKey))
          return error(
            res,
            401,
            'APIKEY.INACTIVE',
            'This api key is no longer active. Please use a different api key.',
          );
        let body: Record<string, unknown> = {};
        try {
          body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
        } catch {
          return error(res, 400, 'BAD_REQUEST', 'The request body is not JSON.');
        }
        route(method, path, url.searchParams, body, res);
      };
      if (standIn.delayMs > 0) setTimeout(answer, standIn.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
  return standIn;
}

/** The signature EasyPost puts on a webhook's body (`X-Hmac-Signature`), as its client's validateWebhook checks it. */
export const webhookSignature = (body: string, secret: string) =>
  `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex')}`;
