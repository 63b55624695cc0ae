// Bulk price or stock changes from a CSV file (or pasted text): a template or an export of the
// listings as they are to start from, a preview that names every row with a problem by its row
// number, then Apply, part by part with progress, and a result per SKU. The whole file travels
// with every part, so a row's number in the results is the one in the preview and the file.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { SkuResult } from '../../../../shared/contract/listings.js';
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { MAX_SKUS_PER_REQUEST } from '../../../../shared/api/limits.js';
import { bulkTemplate, MAX_BULK_FILE_CHARS } from '../../../../shared/listing-csv.js';
import { saidWords, sentenceWords } from '../../i18n/said-words.js';
import { StationError } from '../../../../shared/contract.js';
import { useT } from '../../i18n/use-t.js';
import { saveTextFile } from '../../app/save-file.js';
import { skuResultWords } from './quick-edit-form.js';

type Kind = 'price' | 'inventory';
type PreviewRow = ResultOf<'listings.bulkPreview'>['rows'][number];

const MB = 1_000_000;
const KB = 1_000;

/** The chosen file as it was read: what the preview says it checked. */
interface ChosenFile {
  name: string;
  size: number;
  modified: number;
}

/** A refusal of the file in the desk's language, with the phrases said inside it (the file's kind, the header's columns). */
const refusalWords = (e: unknown): string => (e instanceof StationError && e.sentence ? sentenceWords(e.sentence, e.message) : errorWords(e));

export function BulkPanel() {
  const api = useStation();
  const { t, fmt } = useT();
  const [kind, setKind] = useState<Kind>('price');
  const [csv, setCsv] = useState('');
  const [csvError, setCsvError] = useState<string>();
  const [preview, setPreview] = useState<PreviewRow[]>();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [results, setResults] = useState<SkuResult[]>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const [chosen, setChosen] = useState<ChosenFile>();
  const resultsRef = useRef<HTMLTableElement>(null);
  // The results come next to Apply, and into view as they arrive.
  useEffect(() => {
    resultsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [results]);

  function reset(nextCsv: string, nextKind: Kind = kind, file?: ChosenFile) {
    setCsv(nextCsv);
    setChosen(file);
    setKind(nextKind);
    setPreview(undefined);
    setResults(undefined);
    setNote(undefined);
  }

  async function readFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    // Emptied at once: choosing the same file again (exported, edited in a spreadsheet, saved) must
    // fire again and be read afresh, not leave the text of the first reading.
    e.target.value = '';
    // Refused before reading: a file past the station's limit would be refused whole anyway.
    if (file.size > MAX_BULK_FILE_CHARS) {
      reset('');
      setNote({ ok: false, text: t('listings.bulk.tooBig', { file: file.name, size: fmt.number(file.size / MB, 1), max: fmt.number(MAX_BULK_FILE_CHARS / MB) }) });
      return;
    }
    reset(await file.text(), kind, { name: file.name, size: file.size, modified: file.lastModified });
    setNote({ ok: true, text: t('listings.bulk.read', { file: file.name }) });
  }

  async function doPreview(e: FormEvent) {
    e.preventDefault();
    if (csv.trim() === '') {
      setCsvError(t('listings.bulk.chooseFirst'));
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
      setCsvError(refusalWords(err));
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
      // Applied: the preview's changes are made, so Apply has nothing left to apply until the next preview.
      setPreview(undefined);
      const failed = all.filter((r) => r.status === 'failure').length;
      setNote({ ok: failed === 0, text: failed === 0 ? t('listings.bulk.allChanged', { count: all.length }) : t('listings.bulk.someRefused', { changed: all.length - failed, count: all.length, failed }) });
    } catch (err) {
      setNote({ ok: false, text: t('listings.bulk.stopped', { reason: refusalWords(err), count: all.length }) });
    } finally {
      setProgress(undefined);
    }
  }

  function downloadTemplate() {
    saveTextFile(`listings-${kind === 'price' ? 'prices' : 'stock'}-template.csv`, bulkTemplate(kind), 'text/csv');
    setNote({ ok: true, text: kind === 'price' ? t('listings.bulk.templateSavedPrice') : t('listings.bulk.templateSavedStock') });
  }

  async function downloadExport() {
    setNote({ ok: true, text: t('listings.bulk.readingAll') });
    try {
      const r = await api.invoke('listings.exportCsv', { kind });
      saveTextFile(r.fileName, r.csv, 'text/csv');
      setNote({ ok: true, text: t('listings.bulk.exported', { file: r.fileName, count: r.listings }) });
    } catch (err) {
      setNote({ ok: false, text: t('listings.bulk.exportFailed', { reason: errorWords(err) }) });
    }
  }

  const problems = preview?.filter((r) => r.problem) ?? [];
  const changing = preview?.filter((r) => r.changes).length ?? 0;
  return (
    <section aria-labelledby="bulk-title" className="panel">
      <h2 id="bulk-title">{t('listings.bulk.title')}</h2>
      <form aria-label={t('listings.bulk.form')} onSubmit={doPreview} noValidate>
        <fieldset>
          <legend>{t('listings.bulk.what')}</legend>
          {(['price', 'inventory'] as const).map((k) => (
            <label key={k} className="check">
              <input type="radio" name="bulk-kind" checked={kind === k} onChange={() => reset(csv, k, chosen)} /> {k === 'price' ? t('listings.bulk.prices') : t('listings.bulk.stockKind')}
            </label>
          ))}
        </fieldset>
        <p className="hint">{kind === 'price' ? t('listings.bulk.columnsPrice') : t('listings.bulk.columnsStock')}</p>
        <div className="actions">
          <button type="button" onClick={downloadTemplate}>
            {t('listings.bulk.template')}
          </button>
          <button type="button" onClick={() => void downloadExport()}>
            {kind === 'price' ? t('listings.bulk.exportPrices') : t('listings.bulk.exportStock')}
          </button>
        </div>
        <label htmlFor="bulk-file">{t('listings.bulk.file')}</label>
        <input id="bulk-file" type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e)} />
        <Field id="bulk-csv" label={t('listings.bulk.paste')} error={csvError}>
          {(a) => <textarea {...a} rows={6} value={csv} onChange={(e) => reset(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">{t('listings.bulk.preview')}</button>
          <button type="button" disabled={!preview || changing === 0 || progress !== undefined} onClick={() => void apply()}>
            {preview && changing === 0 ? t('listings.bulk.nothingToChange') : changing > 0 ? t('listings.bulk.applyN', { count: changing }) : t('listings.bulk.apply')}
          </button>
        </div>
      </form>
      {progress ? (
        <div role="status">
          <label htmlFor="bulk-progress">{t('listings.bulk.applying', { done: progress.done, total: progress.total })}</label>
          <progress id="bulk-progress" max={progress.total} value={progress.done} />
        </div>
      ) : null}
      {note ? <ResultLine {...note} /> : null}
      {results && results.length > 0 ? (
        <table ref={resultsRef}>
          <caption>{t('listings.bulk.results')}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">{t('listings.bulk.colResult')}</th>
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
      {preview ? (
        <>
          <p role="status">
            {chosen ? `${t('listings.bulk.fromFile', { file: chosen.name, size: fmt.number(chosen.size / KB, 1), modified: fmt.shortDateTime(chosen.modified) })} ` : ''}
            {`${t('listings.bulk.changing', { count: changing, total: preview.length })} `}
            {problems.length === 0 ? t('listings.bulk.noProblems') : t('listings.bulk.problems', { count: problems.length, rows: problems.map((r) => t('listings.bulk.rowN', { row: r.row })).join(', ') })}
          </p>
          <table>
            <caption>{t('listings.bulk.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('listings.bulk.colRow')}</th>
                <th scope="col">SKU</th>
                <th scope="col">{t('listings.bulk.colChange')}</th>
                <th scope="col">{t('listings.bulk.colProblem')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((r) => (
                <tr key={r.row} className={r.problem ? 'row-problem' : undefined}>
                  <td>{r.row}</td>
                  <td>{r.sku}</td>
                  <td>{saidWords({ text: r.change, sentences: r.changeSaid })}</td>
                  <td>{r.problem ? saidWords({ text: r.problem, sentences: r.problemSaid }) : t('listings.bulk.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
