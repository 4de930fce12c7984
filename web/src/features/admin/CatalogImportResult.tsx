import { Alert, Button, TableCell } from '@aws-amplify/ui-react';
import { SHEET_WORDS as WORDS, SUMMARY_LABELS } from '#shared/catalog-sheet';
import type { ImportProblem, ImportView } from '#shared/schemas/catalog-sheet';
import { AdminTable } from './AdminTable';

const PROBLEM_COLUMNS = [WORDS.columns.line, WORDS.columns.column, WORDS.columns.message] as const;

function ProblemTable({ rows, testId }: { rows: ImportProblem[]; testId: string }) {
  return (
    <AdminTable
      cardsOnPhone
      columns={PROBLEM_COLUMNS}
      rows={rows}
      rowKey={(row) => `${row.line}|${row.column}|${row.message}`}
      rowTestId={(row) => `${testId}-${row.line}`}
      empty=""
      cells={(row) => (
        <>
          <TableCell as="th" scope="row" data-label={PROBLEM_COLUMNS[0]}>
            {row.line}
          </TableCell>
          <TableCell data-label={PROBLEM_COLUMNS[1]}>{row.column}</TableCell>
          <TableCell data-label={PROBLEM_COLUMNS[2]}>{row.message}</TableCell>
        </>
      )}
    />
  );
}

/** What the job found or did, as the owner reads it. */
export function ImportResult({ view, onApply, busy }: { view: ImportView; onApply: () => void; busy: boolean }) {
  if (view.status === 'refused')
    return (
      <Alert variation="error" heading={WORDS.refused} role="alert">
        {view.refusal}
      </Alert>
    );
  if (view.status === 'uploading') return <p role="status">{WORDS.sending}</p>;
  if (view.status === 'checking') return <p role="status">{WORDS.checking}</p>;
  return (
    <div className="catalog-import-result">
      {view.problemCount > 0 && (
        <>
          <Alert variation="error" role="alert" heading={WORDS.problemsTitle(view.problemCount)}>
            {view.problems.length < view.problemCount && WORDS.problemsMore(view.problems.length, view.problemCount)}
          </Alert>
          <ProblemTable rows={view.problems} testId="problem" />
        </>
      )}
      {view.summary && (
        <>
          <h3>{WORDS.summaryTitle}</h3>
          <dl className="catalog-summary" data-testid="import-summary">
            {SUMMARY_LABELS.map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{view.summary![key]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {view.warnings.length > 0 && (
        <details>
          <summary>
            {WORDS.warningsTitle} ({view.warnings.length})
          </summary>
          <ProblemTable rows={view.warnings} testId="warning" />
        </details>
      )}
      {view.status === 'checked' && view.problemCount === 0 && (
        <Button variation="primary" onClick={onApply} isLoading={busy}>
          {WORDS.applyButton}
        </Button>
      )}
      {view.status === 'applying' && <p role="status">{WORDS.applying(view.done, view.total ?? 0)}</p>}
      {view.status === 'applied' && view.results && (
        <Alert variation="success" role="status" heading={WORDS.applied}>
          {SUMMARY_LABELS.slice(0, 4)
            .map(([key, label]) => {
              const count = { new: view.results!.created, changed: view.results!.updated }[key as string];
              return `${label}: ${count ?? view.results![key as 'unchanged' | 'retired']}`;
            })
            .join(' · ')}
        </Alert>
      )}
      {view.results && view.results.failed.length > 0 && (
        <>
          <h3>{WORDS.failedTitle}</h3>
          <ProblemTable
            rows={view.results.failed.map((f) => ({ line: f.line, column: f.handle, message: f.message }))}
            testId="failed"
          />
        </>
      )}
    </div>
  );
}
