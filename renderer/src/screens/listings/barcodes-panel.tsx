// The barcode catalogue on the Listings screen: every product barcode this desk knows with its
// SKU, add and remove one, import a CSV (barcode,sku[,title]) with a result per line, and export
// the whole catalogue as CSV. Links learned at the Pack screen appear here too.
import { useEffect, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import './barcodes-panel.css';

type Link = ResultOf<'barcodes.list'>[number];
type ImportRow = ResultOf<'barcodes.import'>['rows'][number];

const SOURCE_WORDS: Record<Link['source'], string> = { scan: msgKey('listings.barcodes.learned'), manual: msgKey('listings.barcodes.added'), import: msgKey('listings.barcodes.imported') };

export function BarcodesPanel() {
  const api = useStation();
  const { t } = useT();
  const [links, setLinks] = useState<Link[]>();
  const [filter, setFilter] = useState('');
  const [code, setCode] = useState('');
  const [sku, setSku] = useState('');
  const [addError, setAddError] = useState<string>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const [imported, setImported] = useState<ImportRow[]>();

  const reload = async () => {
    try {
      setLinks(await api.invoke('barcodes.list', {}));
    } catch (e) {
      setNote({ ok: false, text: errorWords(e) });
    }
  };
  useEffect(() => void reload(), [api]);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (code.trim() === '' || sku.trim() === '') {
      setAddError(t('listings.barcodes.needBoth'));
      return;
    }
    try {
      const r = await api.invoke('barcodes.add', { code: code.trim(), sku: sku.trim() });
      setAddError(undefined);
      setNote({ ok: true, text: r.text });
      setCode('');
      setSku('');
      await reload();
    } catch (err) {
      setAddError(errorWords(err));
    }
  }

  /**
   * Enter in the barcode field (a scanner sends it after every code) does not link anything: the
   * barcode waits for its SKU, chosen in the SKU field and confirmed there with Enter or Add.
   */
  function codeEntered(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (code.trim() === '') return;
    const field = document.getElementById('barcode-sku') as HTMLInputElement | null;
    field?.focus();
    field?.select();
    setAddError(undefined);
    setNote({ ok: true, text: t('listings.barcodes.nowSku', { code: code.trim() }) });
  }

  async function remove(link: Link) {
    try {
      setNote({ ok: true, text: (await api.invoke('barcodes.remove', { code: link.code })).text });
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
    await reload();
  }

  async function importFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const r = await api.invoke('barcodes.import', { csv: await file.text() });
      setImported(r.rows);
      setNote({ ok: r.rows.every((row) => row.status !== 'refused'), text: `${file.name}: ${r.text}` });
    } catch (err) {
      setImported(undefined);
      setNote({ ok: false, text: `${file.name}: ${errorWords(err)}` });
    }
    await reload();
  }

  async function exportCsv() {
    try {
      const { csv, count } = await api.invoke('barcodes.export', {});
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'barcodes.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote({ ok: true, text: t('listings.barcodes.exported', { count }) });
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  const wanted = filter.trim().toLowerCase();
  const shown = (links ?? []).filter((l) => !wanted || l.code.toLowerCase().includes(wanted) || l.sku.toLowerCase().includes(wanted) || (l.title ?? '').toLowerCase().includes(wanted));
  return (
    <section aria-labelledby="barcodes-title" className="panel">
      <h2 id="barcodes-title">{t('listings.barcodes.heading')}</h2>
      <p className="hint">{t('listings.barcodes.hint')}</p>
      <form aria-label={t('listings.barcodes.addForm')} onSubmit={(e) => void add(e)} noValidate className="barcodes-add">
        <Field id="barcode-code" label={t('listings.barcodes.barcode')} error={addError}>
          {(a) => <input {...a} type="text" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} onKeyDown={(e) => codeEntered(e)} />}
        </Field>
        <Field id="barcode-sku" label="SKU">
          {(a) => <input {...a} type="text" autoComplete="off" value={sku} onChange={(e) => setSku(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">{t('listings.barcodes.add')}</button>
        </div>
      </form>
      <div className="barcodes-files">
        <Field id="barcodes-filter" label={t('listings.barcodes.find')}>
          {(a) => <input {...a} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />}
        </Field>
        <div className="field">
          <label htmlFor="barcodes-file">{t('listings.barcodes.import')}</label>
          <input id="barcodes-file" type="file" accept=".csv,text/csv" onChange={(e) => void importFile(e)} />
        </div>
        <button type="button" onClick={() => void exportCsv()}>
          {t('listings.barcodes.export')}
        </button>
      </div>
      {note ? <ResultLine {...note} /> : null}
      {imported && imported.some((r) => r.status === 'refused') ? (
        <ul aria-label={t('listings.barcodes.refused')}>
          {imported
            .filter((r) => r.status === 'refused')
            .map((r) => (
              <li key={r.line}>{r.text}</li>
            ))}
        </ul>
      ) : null}
      <table aria-label={t('listings.barcodes.links')}>
        <caption>{links === undefined ? t('listings.barcodes.loading') : t('listings.barcodes.shown', { shown: shown.length, count: links.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('listings.barcodes.barcode')}</th>
            <th scope="col">{t('listings.barcodes.format')}</th>
            <th scope="col">SKU</th>
            <th scope="col">{t('listings.col.product')}</th>
            <th scope="col">{t('listings.barcodes.how')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('listings.barcodes.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((l) => (
            <tr key={l.code}>
              <td>{l.code}</td>
              <td>{l.format}</td>
              <td>{l.sku}</td>
              <td>{l.title ?? ''}</td>
              <td>{t(SOURCE_WORDS[l.source])}</td>
              <td>
                <button type="button" aria-label={t('listings.barcodes.removeCode', { code: l.code })} onClick={() => void remove(l)}>
                  {t('listings.barcodes.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
