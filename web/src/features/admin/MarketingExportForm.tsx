import { Button } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { CATEGORIES } from '#shared/categories';
import type { MarketingSegment } from '#shared/marketing';
import { downloadCsv } from './adminApi';
import { problemText } from './useAdmin';

const SEGMENT_WORDS: Record<MarketingSegment, string> = {
  'bought-between': 'Bought between two dates',
  'bought-category': 'Bought from a category',
  'spent-over': 'Spent over an amount in all',
  'not-since': 'Has not bought since a date',
};

/**
 * Who to mail next season (issue 56 item 3, docs/decisions/0166): the customers who agreed to marketing mail and did
 * not unsubscribe since, by segment, as a CSV for the owner's mail tool.
 */
export function MarketingExportForm() {
  const [segment, setSegment] = useState<MarketingSegment>('bought-between');
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams({ segment, format: 'csv' });
    const value = (name: string) => {
      const field = form.get(name);
      return typeof field === 'string' ? field : '';
    };
    for (const name of ['from', 'to', 'category', 'since']) if (value(name)) query.set(name, value(name));
    if (value('over')) query.set('over', String(Math.round(Number(value('over')) * 100)));
    await downloadCsv(`/api/admin/marketing/export?${query.toString()}`, `customers-${segment}.csv`).catch(
      (error: unknown) => setProblem(problemText(error)),
    );
  }
  return (
    <section className="marketing-export">
      <h2>Who to mail next season</h2>
      <p className="muted">
        Customers who ticked &ldquo;Email me about new seasons&rdquo; at sign-up or checkout and have not unsubscribed
        since. The shop sends no campaign itself: import the CSV into your mail tool.
      </p>
      <form className="report-range" onSubmit={(event) => void submit(event)}>
        <label>
          Segment
          <select value={segment} onChange={(event) => setSegment(event.target.value as MarketingSegment)}>
            {Object.entries(SEGMENT_WORDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        {segment === 'bought-between' && (
          <>
            <label>
              From <input type="date" name="from" required />
            </label>
            <label>
              To <input type="date" name="to" required />
            </label>
          </>
        )}
        {segment === 'bought-category' && (
          <label>
            Category
            <select name="category">
              {CATEGORIES.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {segment === 'spent-over' && (
          <label>
            Over ($) <input type="number" name="over" min="0" step="0.01" required />
          </label>
        )}
        {segment === 'not-since' && (
          <label>
            Not since <input type="date" name="since" required />
          </label>
        )}
        <Button type="submit" size="small">
          Download customers CSV
        </Button>
      </form>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
