import { Button } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { formatPrice } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { storeCreditBodySchema } from '#shared/schemas/gift-cards';
import { FormError } from '../../components/FormError';
import { AdminTable } from './AdminTable';
import { GIFT_CARD_COLUMNS, GiftCardCells } from './GiftCardBits';
import { downloadGiftCardsCsv, issueStoreCredit, listGiftCards } from './giftCardsAdmin';
import { StoreCreditForm } from './StoreCreditForm';
import { creditBody, creditCents, EMPTY_CREDIT, type CreditDraft } from './storeCredit';
import { useForm } from '../../components/form/useForm';
import {
  AdminPage,
  checkedWrite,
  problemText,
  refused,
  submissionOf,
  useAdminWrites,
  type WriteResult,
} from './useAdmin';

export const loader = () => listGiftCards();

/**
 * Store credit (the page's one write): the dollars are checked first (a sentence beside the field, nothing sent), then
 * the rest with the server's schema, then the card is issued once per form (its issueId: a second press answers the
 * same card).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { draft, issueId } = (await submissionOf(request)) as unknown as { draft: CreditDraft; issueId: string };
  const amount = creditCents(draft.amount);
  if ('problem' in amount) return refused('issue', amount.problem, { amount: amount.problem });
  const body = creditBody(draft, issueId, amount.cents);
  return checkedWrite(
    'issue',
    storeCreditBodySchema,
    body,
    () => issueStoreCredit(body),
    (card) =>
      `Issued ${formatPrice(card.amount)} of store credit to ${unescapeText(card.recipient.name)} (${card.recipient.email}): it is mailed within a minute.`,
  );
}

const newIssueId = () => crypto.randomUUID();

/**
 * Gift cards and store credit (issue 36 item 5): the outstanding balance (the shop's liability), every card newest
 * first (last 4, kind, amount, balance, buyer, recipient, delivery, mail), each opening its page; the CSV; store credit.
 */
export default function AdminGiftCardsPage() {
  const { cards, outstanding } = useLoaderData<typeof loader>();
  const { notice } = useAdminWrites();
  // One id per form: a second press (or a retry after a lost answer) is the same credit; a new form, a new id.
  const [issueId, setIssueId] = useState(newIssueId);
  const form = useForm<CreditDraft, WriteResult>('credit', EMPTY_CREDIT, () => setIssueId(newIssueId()), {
    intent: 'issue',
    keepState: true,
  });
  const [csvProblem, setCsvProblem] = useState('');
  const spendable = cards.filter((card) => card.status !== 'voided').length;

  function send(event: FormEvent) {
    event.preventDefault();
    form.send({ draft: form.values, issueId });
  }

  return (
    <AdminPage
      title="Gift cards"
      notice={notice}
      actions={
        <div className="actions">
          <Button
            size="small"
            onClick={() => {
              setCsvProblem('');
              downloadGiftCardsCsv().catch((failure) => setCsvProblem(problemText(failure)));
            }}
          >
            Download CSV
          </Button>
          <a href="#store-credit">Issue store credit</a>
        </div>
      }
    >
      <FormError message={csvProblem} />
      <section className="card outstanding" aria-labelledby="outstanding-heading">
        <h2 id="outstanding-heading">Outstanding balance</h2>
        <p className="figure">{formatPrice(outstanding)}</p>
        <p className="muted">
          What {spendable} {spendable === 1 ? 'card' : 'cards'} can still spend: the shop owes it until it is spent or
          voided.
        </p>
      </section>
      <AdminTable
        cardsOnPhone
        columns={GIFT_CARD_COLUMNS}
        rows={cards}
        rowKey={(card) => card.cardId}
        rowTestId={(card) => `gift-card-${card.cardId}`}
        empty="No gift cards yet: cards bought in the shop and store credit you issue are listed here."
        cells={(card) => <GiftCardCells card={card} />}
      />
      <StoreCreditForm draft={form.values} set={form.change} fields={form.fields} sending={form.sending} send={send} />
    </AdminPage>
  );
}
