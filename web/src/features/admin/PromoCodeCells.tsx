import { Badge, Button, TableCell } from '@aws-amplify/ui-react';
import type { PromoView } from '#shared/schemas/promo';
import { DeleteButton } from './AdminTable';
import { windowText } from './promoDraft';

export const PROMO_COLUMNS = ['Code', 'What it takes off', 'When', 'Uses / limit', 'Active', 'Actions'] as const;

/**
 * One code's cells in the list (labelled for the phone's cards): what it takes off, when, its uses and limits, whether
 * it is active; Edit, Activate or Deactivate, and Delete while it is unused, held while a write of it is on its way.
 */
export function PromoCodeCells({
  promo,
  busy,
  edit,
  toggle,
  remove,
}: {
  promo: PromoView;
  busy: boolean;
  edit: () => void;
  toggle: () => void;
  remove: () => void;
}) {
  return (
    <>
      <TableCell as="th" scope="row" className="mono promo-code-cell" data-label={PROMO_COLUMNS[0]}>
        {promo.code}
      </TableCell>
      <TableCell data-label={PROMO_COLUMNS[1]}>{promo.description}</TableCell>
      <TableCell data-label={PROMO_COLUMNS[2]}>{windowText(promo)}</TableCell>
      <TableCell data-label={PROMO_COLUMNS[3]}>
        <span>
          {promo.redemptions} / {promo.maxRedemptions ?? 'no limit'}
          {promo.maxPerCustomer !== undefined && <span className="muted"> ({promo.maxPerCustomer} per customer)</span>}
        </span>
      </TableCell>
      <TableCell data-label={PROMO_COLUMNS[4]}>
        <Badge variation={promo.active ? 'success' : 'info'}>{promo.active ? 'Active' : 'Inactive'}</Badge>
      </TableCell>
      <TableCell className="actions" data-label={PROMO_COLUMNS[5]}>
        <Button size="small" onClick={edit} aria-label={`Edit ${promo.code}`}>
          Edit
        </Button>
        <Button
          size="small"
          isDisabled={busy}
          onClick={toggle}
          aria-label={`${promo.active ? 'Deactivate' : 'Activate'} ${promo.code}`}
        >
          {promo.active ? 'Deactivate' : 'Activate'}
        </Button>
        {promo.redemptions === 0 && (
          <DeleteButton
            label={`Delete ${promo.code}`}
            question={`Delete the promo code ${promo.code}?`}
            busy={busy}
            onDelete={remove}
          />
        )}
      </TableCell>
    </>
  );
}
