// The barcode catalogue on the Listings screen: every product barcode this desk knows with its
// SKU, add and remove one, import a CSV (barcode,sku[,title]) with a result per line, and export
// the whole catalogue as CSV. Links learned at the Pack screen appear here too.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import './barcodes-panel.css';

type Link = ResultOf<'barcodes.list'>[number];
type ImportRow = ResultOf<'barcodes.import'>['rows'][number];

const SOURCE_WORDS: Record<Link['source'], string> = { scan: 'Learned at Pack', manual: 'Added here', import: 'Imported' };

export function BarcodesPanel() {
  const api = useStation();
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
      setAddError('Type or scan the barcode and type the SKU it belongs to.');
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
      setNote({ ok: true, text: `${count} barcode link${count === 1 ? '' : 's'} exported to barcodes.csv.` });
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  const wanted = filter.trim().toLowerCase();
  const shown = (links ?? []).filter((l) => !wanted || l.code.toLowerCase().includes(wanted) || l.sku.toLowerCase().includes(wanted) || (l.title ?? '').toLowerCase().includes(wanted));
  return (
    <section aria-labelledby="barcodes-title" className="panel">
      <h2 id="barcodes-title">Product barcodes</h2>
      <p className="hint">
        EAN-13, UPC-A, GTIN-14 and Code 128 barcodes on products, each linked to one SKU (a SKU may have several); new ones are learned at Pack. CSV columns: barcode, sku,
        optional title.
      </p>
      <form aria-label="Add a barcode" onSubmit={(e) => void add(e)} noValidate className="barcodes-add">
        <Field id="barcode-code" label="Barcode" error={addError}>
          {(a) => <input {...a} type="text" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />}
        </Field>
        <Field id="barcode-sku" label="SKU">
          {(a) => <input {...a} type="text" autoComplete="off" value={sku} onChange={(e) => setSku(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">Add barcode</button>
        </div>
      </form>
      <div className="barcodes-files">
        <Field id="barcodes-filter" label="Find a barcode, SKU or product">
          {(a) => <input {...a} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />}
        </Field>
        <div className="field">
          <label htmlFor="barcodes-file">Import CSV</label>
          <input id="barcodes-file" type="file" accept=".csv,text/csv" onChange={(e) => void importFile(e)} />
        </div>
        <button type="button" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      {note ? <ResultLine {...note} /> : null}
      {imported && imported.some((r) => r.status === 'refused') ? (
        <ul aria-label="Refused lines">
          {imported
            .filter((r) => r.status === 'refused')
            .map((r) => (
              <li key={r.line}>{r.text}</li>
            ))}
        </ul>
      ) : null}
      <table aria-label="Barcode links">
        <caption>{links === undefined ? 'Loading…' : `${shown.length} of ${links.length} barcode link${links.length === 1 ? '' : 's'}`}</caption>
        <thead>
          <tr>
            <th scope="col">Barcode</th>
            <th scope="col">Format</th>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">How</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
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
              <td>{SOURCE_WORDS[l.source]}</td>
              <td>
                <button type="button" aria-label={`Remove barcode ${l.code}`} onClick={() => void remove(l)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
