import { Alert, Button, CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLoaderData, type ActionFunctionArgs } from 'react-router-dom';
import { SHEET_WORDS as WORDS } from '#shared/catalog-sheet';
import { TAG_WORDS } from '#shared/categories';
import { catalogSettingsBodySchema, type ImportView } from '#shared/schemas/catalog-sheet';
import { drawnField } from '../../components/form/field';
import { useForm } from '../../components/form/useForm';
import { ImportResult } from './CatalogImportResult';
import {
  applyImport,
  downloadCatalog,
  getCatalogSettings,
  getImport,
  isWorking,
  saveDefaultBrand,
  startImport,
} from './catalogSheetApi';
import { AdminPage, checkedWrite, submissionOf, useAdminWrites, type WriteResult } from './useAdmin';

export const loader = async () => ({ settings: await getCatalogSettings() });

/**
 * The page's one JSON write: the default brand, checked with the server's schema first (docs/decisions/0158). The
 * import sends files and follows its job, so it stays the page's own.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { defaultBrand } = await submissionOf(request);
  const body = { defaultBrand: typeof defaultBrand === 'string' ? defaultBrand.trim() : defaultBrand };
  return checkedWrite(
    'brand',
    catalogSettingsBodySchema,
    body,
    () => saveDefaultBrand(body.defaultBrand as string),
    WORDS.brandSaved,
  );
}

/** How often the page asks how the job is doing. */
export const POLL_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The catalogue outside the shop (issue 55): the feeds' addresses and the default brand, the export of the catalogue
 * as Shopify's product CSV, and an import: the file (and a zip of photos) sent, the job's dry run read, then applied.
 */
export default function AdminCatalogPage() {
  const { settings } = useLoaderData<typeof loader>();
  const { notice: written } = useAdminWrites();
  const brand = useForm<{ defaultBrand: string }, WriteResult>(
    'brand',
    { defaultBrand: settings.defaultBrand },
    (sent) => ({ defaultBrand: sent.defaultBrand.trim() }),
    { intent: 'brand', keepState: true },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [retire, setRetire] = useState(false);
  const [view, setView] = useState<ImportView | null>(null);
  const [busy, setBusy] = useState(false);

  // While the job works, ask again.
  useEffect(() => {
    if (!view || !isWorking(view)) return;
    let stopped = false;
    void pause(POLL_MS).then(async () => {
      if (stopped) return;
      try {
        setView(await getImport(view.id));
      } catch (failure) {
        setError((failure as Error).message);
      }
    });
    return () => {
      stopped = true;
    };
  }, [view]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!csv) return;
    void run(async () => {
      setView(null);
      const id = await startImport(csv, zip, retire);
      setView(await getImport(id));
    });
  };

  return (
    <AdminPage title={WORDS.title} notice={written}>
      {error && (
        <Alert variation="error" role="alert">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert variation="success" role="status">
          {notice}
        </Alert>
      )}
      <section aria-labelledby="catalog-feeds">
        <h2 id="catalog-feeds">{WORDS.feedsTitle}</h2>
        <p className="muted">{WORDS.feedsIntro}</p>
        <ul className="catalog-feeds">
          <li>
            Google: <code>{settings.feeds.google}</code>
          </li>
          <li>
            Meta: <code>{settings.feeds.meta}</code>
          </li>
        </ul>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            setNotice(null);
            brand.send({ ...brand.values });
          }}
        >
          <TextField
            label={WORDS.brandLabel}
            descriptiveText={WORDS.brandHint}
            value={brand.values.defaultBrand}
            onChange={brand.set('defaultBrand')}
            {...drawnField(brand.fields)('defaultBrand')}
          />
          <Button type="submit" isDisabled={brand.sending}>
            {WORDS.brandSave}
          </Button>
        </form>
      </section>

      <section aria-labelledby="catalog-export">
        <h2 id="catalog-export">{WORDS.exportTitle}</h2>
        <p className="muted">{WORDS.exportIntro}</p>
        <SelectField
          label={WORDS.exportCategory}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">{WORDS.exportAll}</option>
          {TAG_WORDS.map((word) => (
            <option key={word} value={word}>
              {word}
            </option>
          ))}
        </SelectField>
        <Button onClick={() => void run(() => downloadCatalog(category))}>{WORDS.exportButton}</Button>
      </section>

      <section aria-labelledby="catalog-import">
        <h2 id="catalog-import">{WORDS.importTitle}</h2>
        <p className="muted">{WORDS.importIntro}</p>
        <form onSubmit={check}>
          <label className="amplify-label" htmlFor="catalog-csv">
            {WORDS.csvLabel}
          </label>
          <input
            id="catalog-csv"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setCsv(event.target.files?.[0] ?? null)}
          />
          <label className="amplify-label" htmlFor="catalog-zip">
            {WORDS.zipLabel}
          </label>
          <input
            id="catalog-zip"
            type="file"
            accept=".zip,application/zip"
            aria-describedby="catalog-zip-hint"
            onChange={(event) => setZip(event.target.files?.[0] ?? null)}
          />
          <p className="muted" id="catalog-zip-hint">
            {WORDS.zipHint}
          </p>
          <CheckboxField
            name="retireMissing"
            label={WORDS.retireLabel}
            checked={retire}
            onChange={(event) => setRetire(event.target.checked)}
          />
          <p className="muted">{WORDS.retireHint}</p>
          <Button type="submit" variation="primary" isDisabled={!csv} isLoading={busy && !view}>
            {WORDS.checkButton}
          </Button>
        </form>
        {view && (
          <ImportResult
            view={view}
            busy={busy}
            onApply={() => void run(async () => setView(await applyImport(view.id)))}
          />
        )}
      </section>
    </AdminPage>
  );
}
