// Bulk price or stock changes from a CSV file (or pasted text): a template or an export of the
// listings as they are to start from, a preview that names every row with a problem by its row
// number, then Apply, part by part with progress, and a result per SKU. The whole file travels
// with every part, so a row's number in the results is the one in the preview and the file.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { SkuResult } from '../../../../shared/contract/listings.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { MAX_SKUS_PER_REQUEST } from '../../../../shared/api/limits.js';
import { bulkTemplate } from '../../../../shared/listing-csv.js';
import { saveTextFile } from '../../app/save-file.js';
import { skuResultWords } from './quick-edit-form.js';

type Kind = 'price' | 'inventory';
type PreviewRow = ResultOf<'listings.bulkPreview'>['rows'][number];

const COLUMNS: Record<Kind, string> = {
  price: 'sku, product_id, mrp, selling_price',
  inventory: 'sku, product_id, location_id, inventory (one row per SKU and location)',
};

export function BulkPanel() {
  const api = useStation();
  const [kind, setKind] = useState<Kind>('price');
  const [csv, setCsv] = useState('');
  const [csvError, setCsvError] = useState<string>();
  const [preview, setPreview] = useState<PreviewRow[]>();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [results, setResults] = useState<SkuResult[]>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();

  function reset(nextCsv: string, nextKind: Kind = kind) {
    setCsv(nextCsv);
    setKind(nextKind);
    setPreview(undefined);
    setResults(undefined);
    setNote(undefined);
  }

  async function readFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    reset(await file.text());
    setNote({ ok: true, text: `${file.name} read. Press Preview to check it.` });
  }

  async function doPreview(e: FormEvent) {
    e.preventDefault();
    if (csv.trim() === '') {
      setCsvError('Choose a CSV file or paste its text first.');
      return;
    }
    setCsvError(undefined);
    setNote(undefined);
    setResults(undefined);
    try {
      const { rows } = await api.invoke('listings.bulkPreview', { csv, kind });
      setPreview(rows);
    } catch (err) {
      setPreview(undefined);
      setCsvError(errorWords(err));
    }
  }

  async function apply() {
    // Only SKUs with a row that changes something are sent, in parts of one request each.
    const skus = [...new Set((preview ?? []).filter((r) => r.changes).map((r) => r.sku))];
    const parts: string[][] = [];
    for (let i = 0; i < skus.length; i += MAX_SKUS_PER_REQUEST) parts.push(skus.slice(i, i + MAX_SKUS_PER_REQUEST));
    const all: SkuResult[] = [];
    setProgress({ done: 0, total: parts.length });
    setNote(undefined);
    try {
      for (const [i, part] of parts.entries()) {
        all.push(...(await api.invoke('listings.bulkApply', { csv, kind, skus: part })));
        setResults([...all]);
        setProgress({ done: i + 1, total: parts.length });
      }
      const failed = all.filter((r) => r.status === 'failure').length;
      setNote({ ok: failed === 0, text: failed === 0 ? `All ${all.length} ${all.length === 1 ? 'SKU' : 'SKUs'} changed.` : `${all.length - failed} of ${all.length} SKUs changed; ${failed} refused (see below).` });
    } catch (err) {
      setNote({ ok: false, text: `Stopped: ${errorWords(err)} ${all.length} SKUs were sent before that.` });
    } finally {
      setProgress(undefined);
    }
  }

  function downloadTemplate() {
    saveTextFile(`listings-${kind === 'price' ? 'prices' : 'stock'}-template.csv`, bulkTemplate(kind), 'text/csv');
    setNote({ ok: true, text: `Template saved: fill one row per ${kind === 'price' ? 'SKU' : 'SKU and location'}, then choose the file here.` });
  }

  async function downloadExport() {
    setNote({ ok: true, text: 'Reading every listing…' });
    try {
      const r = await api.invoke('listings.exportCsv', { kind });
      saveTextFile(r.fileName, r.csv, 'text/csv');
      setNote({ ok: true, text: `${r.fileName} saved with ${r.listings} ${r.listings === 1 ? 'listing' : 'listings'}. Change the numbers, then choose the file here.` });
    } catch (err) {
      setNote({ ok: false, text: `The listings could not be exported: ${errorWords(err)}` });
    }
  }

  const problems = preview?.filter((r) => r.problem) ?? [];
  const changing = preview?.filter((r) => r.changes).length ?? 0;
  return (
    <section aria-labelledby="bulk-title" className="panel">
      <h2 id="bulk-title">Bulk price or stock from a CSV file</h2>
      <form aria-label="Bulk change" onSubmit={doPreview} noValidate>
        <fieldset>
          <legend>What the file changes</legend>
          {(['price', 'inventory'] as const).map((k) => (
            <label key={k} className="check">
              <input type="radio" name="bulk-kind" checked={kind === k} onChange={() => reset(csv, k)} /> {k === 'price' ? 'Prices' : 'Stock'}
            </label>
          ))}
        </fieldset>
        <p className="hint">Columns: {COLUMNS[kind]}. The first row names the columns; a title column may stay. Excel's CSV files (comma or semicolon) are read as they are.</p>
        <div className="actions">
          <button type="button" onClick={downloadTemplate}>
            Download a template
          </button>
          <button type="button" onClick={() => void downloadExport()}>
            Export the current {kind === 'price' ? 'prices' : 'stock'}
          </button>
        </div>
        <label htmlFor="bulk-file">CSV file</label>
        <input id="bulk-file" type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e)} />
        <Field id="bulk-csv" label="Or paste the CSV" error={csvError}>
          {(a) => <textarea {...a} rows={6} value={csv} onChange={(e) => reset(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">Preview</button>
          <button type="button" disabled={!preview || changing === 0 || progress !== undefined} onClick={() => void apply()}>
            {preview && changing === 0 ? 'Nothing to change' : `Apply ${changing > 0 ? `${changing} ${changing === 1 ? 'change' : 'changes'}` : ''}`.trim()}
          </button>
        </div>
      </form>
      {progress ? (
        <div role="status">
          <label htmlFor="bulk-progress">Applying: part {progress.done} of {progress.total} done</label>
          <progress id="bulk-progress" max={progress.total} value={progress.done} />
        </div>
      ) : null}
      {preview ? (
        <>
          <p role="status">
            {`${changing} of ${preview.length} ${preview.length === 1 ? 'row changes' : 'rows change'} something. `}
            {problems.length === 0 ? 'No problems.' : `${problems.length} ${problems.length === 1 ? 'row has a problem' : 'rows have problems'} and will be left out: ${problems.map((r) => `row ${r.row}`).join(', ')}.`}
          </p>
          <table>
            <caption>What the file will change</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">SKU</th>
                <th scope="col">Change</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((r) => (
                <tr key={r.row} className={r.problem ? 'row-problem' : undefined}>
                  <td>{r.row}</td>
                  <td>{r.sku}</td>
                  <td>{r.change}</td>
                  <td>{r.problem ?? 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {note ? <ResultLine {...note} /> : null}
      {results && results.length > 0 ? (
        <table>
          <caption>Result per SKU</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r, i) => (
              <tr key={`${r.sku}-${i}`}>
                <td>{r.sku}</td>
                <td>{skuResultWords(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
