import { TableScroll } from './TableScroll';
import { FUNNEL_STEPS, FUNNEL_STEP_WORDS, type FunnelStep } from '#shared/funnel';
import type { Funnel } from '#shared/schemas/funnel';

type Counts = Funnel['counts'];

/** A step's share of the step before it (views: none), as a percentage with one decimal. */
const rate = (counts: Counts, step: FunnelStep, index: number) => {
  if (index === 0) return '';
  const before = counts[FUNNEL_STEPS[index - 1]];
  return before ? `${((counts[step] / before) * 100).toFixed(1)}%` : '–';
};

/**
 * The shoppers' path (issue 56 item 2, docs/decisions/0167): each step's count and its rate from the step before, over
 * the chosen days, with the 7 days before beside it; then by device class and by source. Counts only: nobody is
 * tracked.
 */
export function FunnelTable({ funnel }: { funnel: Funnel }) {
  return (
    <section className="funnel">
      <h2>Shoppers&apos; path</h2>
      <p className="muted">
        {funnel.from} to {funnel.to}, beside the 7 days before ({funnel.weekBefore.from} to {funnel.weekBefore.to}).
        Counted without cookies or personal data: each page sends only which steps happened on it.
      </p>
      <TableScroll label="Shoppers' path table">
        <table className="report-table" data-testid="funnel-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="num">
                Count
              </th>
              <th scope="col" className="num">
                From the step before
              </th>
              <th scope="col" className="num">
                Week before
              </th>
              <th scope="col" className="num">
                Rate, week before
              </th>
            </tr>
          </thead>
          <tbody>
            {FUNNEL_STEPS.map((step, index) => (
              <tr key={step}>
                <th scope="row">{FUNNEL_STEP_WORDS[step]}</th>
                <td className="num">{funnel.counts[step]}</td>
                <td className="num">{rate(funnel.counts, step, index)}</td>
                <td className="num">{funnel.weekBefore.counts[step]}</td>
                <td className="num">{rate(funnel.weekBefore.counts, step, index)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label="Shoppers' path by device and source">
        <table className="report-table" data-testid="funnel-by">
          <thead>
            <tr>
              <th scope="col">Device or source</th>
              {FUNNEL_STEPS.map((step) => (
                <th key={step} scope="col" className="num">
                  {FUNNEL_STEP_WORDS[step]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[
              ...funnel.byDevice.map((row) => ({ name: row.device, counts: row.counts })),
              ...funnel.bySource.map((row) => ({ name: `from ${row.source}`, counts: row.counts })),
            ].map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                {FUNNEL_STEPS.map((step) => (
                  <td key={step} className="num">
                    {row.counts[step]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
