import type { Parcel } from '#shared/parcels';
import type { ShipTo } from './provider';
import { pricedAgain, ProviderDown, UnknownRate, withDeadline } from './provider';
import type { EasyPost } from './easypost';
import { retrieveRate } from './easypost';

/**
 * Labels through the provider (issue 53 item 3, docs/decisions/0174): the parcels' shipments of a chosen rate, each
 * bought once, its PDF read, and a label voided. A shipment has one label at EasyPost: buying a bought one is refused
 * (422), so the shop buys a parcel's label by its shipment's id and, when the provider says it has one already, reads
 * the shipment back and takes the label it has. That is the provider's half of "bought once"; the order's attempt
 * (functions/domain/orders/labels.ts) is the shop's.
 */

/** A parcel's label: its shipment and the rate bought on it. */
export interface LabelParcel {
  shipmentId: string;
  rateId: string;
}

/** What a bought parcel's label gives: its tracking code, its tracker (when the provider made one), its PDF's address. */
export interface BoughtParcel {
  trackingCode: string;
  trackerId?: string;
  pdfUrl: string;
}

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;
const codeOf = (error: unknown) => (error as { code?: string }).code ?? '';

/** How long a label call may take, ms: a purchase waits longer than a rate (it is not a shopper's checkout). */
export const LABEL_TIMEOUT_MS = 8000;

/** A label call, or ProviderDown after LABEL_TIMEOUT_MS; the provider's own refusals pass through (their codes count). */
const inTime = <T>(work: Promise<T>) => withDeadline(work, LABEL_TIMEOUT_MS);

/**
 * The rate `rateId` checked to be this order's parcels to its ZIP (as the card step checks it: pricedAgain), and, with
 * `reference`, made for this order (the label rates' shipments carry the order's number); each parcel's shipment.
 * UnknownRate for an id that is not this order's.
 */
export async function labelParcels(
  client: EasyPost,
  rateId: string,
  parcels: readonly Parcel[],
  to: ShipTo,
  reference?: string,
): Promise<{ parcels: LabelParcel[]; carrier: string; service: string; cents: number }> {
  const priced = await pricedAgain(client, rateId, parcels, to);
  const shipments = await inTime(
    Promise.all(
      rateId.split('+').map(async (id) => {
        const shipmentId = (await retrieveRate(client, id)).shipment_id;
        // A rate the owner's page got for this order: its shipment names the order (another order's, the same
        // parcel to the same ZIP, is not this one's label).
        if (reference !== undefined && (await client.Shipment.retrieve(shipmentId)).reference !== reference)
          throw new UnknownRate("The rate is another order's.");
        return { rateId: id, shipmentId };
      }),
    ),
  );
  return { parcels: shipments, carrier: priced.carrier!, service: priced.service!, cents: priced.amount };
}

/**
 * Buys one parcel's label: POST /v2/shipments/:id/buy with its rate. When the shipment has a label already (bought by
 * another press, another tab, or a run that crashed after buying), the shipment is read back and its label taken,
 * if it is this rate's. The label is asked for as a PDF (GET /v2/shipments/:id/label?file_format=PDF) when it came in
 * another format.
 */
export async function buyParcel(client: EasyPost, parcel: LabelParcel): Promise<BoughtParcel> {
  let shipment;
  try {
    shipment = await inTime(client.Shipment.buy(parcel.shipmentId, parcel.rateId));
  } catch (error) {
    if (statusOf(error) !== 422 && statusOf(error) !== 400) throw error;
    shipment = await inTime(client.Shipment.retrieve(parcel.shipmentId));
    if (!shipment.postage_label || shipment.selected_rate?.id !== parcel.rateId) {
      if (/RATE/i.test(codeOf(error))) throw new UnknownRate((error as Error).message);
      throw error;
    }
  }
  if (!shipment.postage_label.label_pdf_url)
    shipment = await inTime(client.Shipment.convertLabelFormat(parcel.shipmentId, 'PDF'));
  return {
    trackingCode: shipment.tracking_code,
    ...(shipment.tracker?.id ? { trackerId: shipment.tracker.id } : {}),
    pdfUrl: shipment.postage_label.label_pdf_url,
  };
}

/** The most a label's PDF may be, bytes (a 4x6 label is tens of kilobytes). */
const MAX_PDF_BYTES = 5_000_000;

/** The bytes of a label's PDF from the provider's file address (https in AWS; the stand-in locally). */
export async function labelPdfBytes(url: string): Promise<Buffer> {
  const address = new URL(url);
  if (address.protocol !== 'https:' && !['127.0.0.1', 'localhost'].includes(address.hostname))
    throw new ProviderDown('The label file is not at an https address.');
  const answer = await fetch(address, { signal: AbortSignal.timeout(LABEL_TIMEOUT_MS), redirect: 'follow' });
  if (!answer.ok) throw new ProviderDown(`The label file answered ${answer.status}.`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new ProviderDown('The label file is not a PDF.');
  return bytes;
}

/**
 * Voids one parcel's label: POST /v2/shipments/:id/refund, answered with its refund_status (submitted, refunded or
 * rejected). Asked again (a second press), the provider refuses; the shipment's status as it stands is the answer.
 */
export async function refundParcel(client: EasyPost, shipmentId: string): Promise<string> {
  try {
    return (await inTime(client.Shipment.refund(shipmentId))).refund_status;
  } catch (error) {
    if (statusOf(error) !== 422) throw error;
    const shipment = await inTime(client.Shipment.retrieve(shipmentId));
    if (!shipment.refund_status) throw error;
    return shipment.refund_status;
  }
}
