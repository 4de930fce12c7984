import { isSale, saleValue } from '#shared/aftersale';
import { canonicalEmail } from '#shared/email';
import { shopDay } from '#shared/gift-cards';
import type { MarketingExport, MarketingExportQuery } from '#shared/schemas/marketing';
import { unescapeText } from '#shared/sanitize';
import { emailOptOuts } from '../../db/entities/email-opt-out';
import { marketingConsents, type MarketingConsentRecord } from '../../db/entities/marketing-consent';
import { orders, type OrderRecord } from '../../db/entities/order';
import { csvText, type CsvRow } from '../../lib/csv';
import { formatCents } from '#shared/money';
import { listProductRecords } from '../catalog/products';

type Customer = MarketingExport['customers'][number];

/**
 * Who to mail next season (issue 56 item 3, docs/decisions/0166): the customers whose latest yes to marketing mail
 * (at sign-up or checkout) came after any unsubscribe of theirs, by segment of what they bought (paid orders that
 * sold goods, by the canonical email they were placed with; days in the shop's time zone). Anyone who never agreed,
 * or unsubscribed since, is in no export. Reads every yes (their own partition), the opt-outs of those emails, and the
 * sold orders (two index partitions: pending and completed), never a scan.
 */
export async function marketingExport(query: MarketingExportQuery): Promise<MarketingExport> {
  const consents = await marketingConsents.query('all', {});
  const latest = new Map<string, MarketingConsentRecord>();
  for (const consent of consents)
    if ((latest.get(consent.email)?.agreedAt ?? '') < consent.agreedAt) latest.set(consent.email, consent);
  const optOuts = await emailOptOuts.getMany([...latest.keys()].map((email) => ({ email })));
  for (const optOut of optOuts) {
    const yes = latest.get(optOut.email);
    if (yes && optOut.optedOutAt >= yes.agreedAt) latest.delete(optOut.email);
  }
  const [pending, completed, listed, drafted] = await Promise.all([
    orders.query('byStatus', { status: 'pending' }),
    orders.query('byStatus', { status: 'completed' }),
    query.segment === 'bought-category' ? listProductRecords('listed') : [],
    query.segment === 'bought-category' ? listProductRecords('drafted') : [],
  ]);
  const byEmail = new Map<string, OrderRecord[]>();
  for (const order of [...pending, ...completed]) {
    if (!isSale(order) || !order.shippingAddress?.email) continue;
    const email = canonicalEmail(unescapeText(order.shippingAddress.email));
    if (latest.has(email)) byEmail.set(email, [...(byEmail.get(email) ?? []), order]);
  }
  const inCategory = new Set(
    [...listed, ...drafted]
      .filter((product) =>
        product.tag
          .toLowerCase()
          .split(/[\s,]+/)
          .includes(query.category ?? ''),
      )
      .map((product) => product.id),
  );
  const dayOf = (order: OrderRecord) => shopDay(new Date(order.createdAt));
  const inSegment = (bought: OrderRecord[]): boolean => {
    switch (query.segment) {
      case 'bought-between':
        return bought.some((order) => dayOf(order) >= query.from! && dayOf(order) <= query.to!);
      case 'bought-category':
        return bought.some((order) => order.lines.some((line) => inCategory.has(line.id)));
      case 'spent-over':
        return bought.reduce((sum, order) => sum + saleValue(order), 0) > query.over!;
      case 'not-since':
        return bought.length > 0 && bought.every((order) => dayOf(order) < query.since!);
    }
  };
  const customers: Customer[] = [];
  for (const [email, yes] of latest) {
    const bought = byEmail.get(email) ?? [];
    if (!inSegment(bought)) continue;
    const last = bought.reduce((at, order) => (order.createdAt > at ? order.createdAt : at), '');
    const named = bought.find((order) => order.createdAt === last)?.shippingAddress;
    customers.push({
      email: yes.typedEmail,
      name: yes.name || (named ? unescapeText(named.name) : ''),
      agreedAt: yes.agreedAt,
      agreedVia: yes.via,
      orders: bought.length,
      spent: bought.reduce((sum, order) => sum + saleValue(order), 0),
      lastOrderAt: last,
    });
  }
  customers.sort((a, b) => a.email.localeCompare(b.email));
  return { segment: query.segment, customers };
}

/** The export as CSV for the owner's mail tool: one customer a row (spent in dollars). */
export async function marketingCsv(query: MarketingExportQuery): Promise<{ csv: string; fileName: string }> {
  const { customers } = await marketingExport(query);
  const rows: CsvRow[] = [
    ['email', 'name', 'agreed_at', 'agreed_via', 'orders', 'spent', 'last_order_at'],
    ...customers.map((c) => [c.email, c.name, c.agreedAt, c.agreedVia, c.orders, formatCents(c.spent), c.lastOrderAt]),
  ];
  return { csv: csvText(rows), fileName: `customers-${query.segment}.csv` };
}
