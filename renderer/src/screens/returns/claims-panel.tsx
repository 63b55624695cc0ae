// Returns kept for a claim, for the office: each with what came back, its photos and who received
// it; Open shows the photos, Export writes a folder with the photos and a one-page PDF.
import { useCallback, useEffect, useState } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { errorWords, ResultLine } from '../setup/form-field.js';
import { istWords } from './ist-date.js';

type Claim = ResultOf<'claims.list'>[number];
type Opened = ResultOf<'claims.get'>;

const CONDITION: Record<Claim['condition'], string> = { sellable: 'Sellable', damaged: 'Damaged', wrongProduct: 'Wrong product', missingParts: 'Missing parts', emptyBox: 'Empty box' };

/** `epoch` changes after each receipt, so a new claim shows without a reload. */
export function ClaimsPanel({ epoch }: { epoch: number }) {
  const api = useStation();
  const [claims, setClaims] = useState<Claim[]>();
  const [error, setError] = useState<string>();
  const [opened, setOpened] = useState<Opened>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();

  const load = useCallback(() => {
    api.invoke('claims.list', {}).then(setClaims, (e: unknown) => setError(errorWords(e)));
  }, [api]);
  useEffect(load, [load, epoch]);

  async function open(returnId: string) {
    setNote(undefined);
    try {
      setOpened(await api.invoke('claims.get', { returnId }));
    } catch (e) {
      setNote({ ok: false, text: errorWords(e) });
    }
  }

  async function exportClaim(returnId: string) {
    setNote({ ok: true, text: `Exporting the claim of ${returnId}…` });
    try {
      const out = await api.invoke('claims.export', { returnId });
      setNote({ ok: true, text: `Claim of ${returnId} exported to ${out.folder}: the PDF and ${out.photos.length} ${out.photos.length === 1 ? 'photo' : 'photos'}.` });
    } catch (e) {
      setNote({ ok: false, text: `The claim could not be exported: ${errorWords(e)}` });
    }
  }

  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title">Kept for a claim</h2>
      {error ? <p role="alert">{error}</p> : null}
      {!claims ? (
        <p>Reading the claims…</p>
      ) : claims.length === 0 ? (
        <p>No return is kept for a claim. A return received as damaged, the wrong product, missing parts or an empty box is kept here with its photos.</p>
      ) : (
        <table>
          <caption>Returns kept for a claim</caption>
          <thead>
            <tr>
              {['Return', 'Product', 'What came back', 'Photos', 'Received', 'Actions'].map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {claims.map((c) => (
              <tr key={c.returnId}>
                <td>{c.returnId}</td>
                <td>
                  {c.title ?? c.sku ?? c.orderItemId ?? '—'}
                  {c.title && c.sku ? <span className="muted"> ({c.sku})</span> : null}
                </td>
                <td>
                  {CONDITION[c.condition]}
                  {c.notes ? (
                    <>
                      <br />
                      <span className="muted">{c.notes}</span>
                    </>
                  ) : null}
                </td>
                <td>{c.photos.length}</td>
                <td>
                  {istWords(c.at)}
                  <br />
                  <span className="muted">
                    at {c.desk}
                    {c.operator && c.operator !== c.desk ? ` by ${c.operator}` : ''}
                  </span>
                </td>
                <td>
                  <button type="button" onClick={() => void open(c.returnId)}>
                    Open {c.returnId}
                  </button>
                  <button type="button" onClick={() => void exportClaim(c.returnId)}>
                    Export {c.returnId}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note ? <ResultLine {...note} /> : null}
      {opened ? (
        <figure className="panel claim-open" aria-label={`Claim ${opened.claim.returnId}`}>
          <figcaption>
            Claim for return {opened.claim.returnId}: {CONDITION[opened.claim.condition].toLowerCase()}
            {opened.claim.shipmentId ? `, shipment ${opened.claim.shipmentId}` : ''}
            {opened.claim.orderId ? `, order ${opened.claim.orderId}` : ''}.{' '}
            <button type="button" onClick={() => setOpened(undefined)}>
              Close
            </button>
          </figcaption>
          {opened.photos.length === 0 ? <p>No photos were taken.</p> : null}
          <div className="photo-strip">
            {opened.photos.map((p) => (
              <img key={p.name} src={`data:image/jpeg;base64,${p.data}`} alt={`${opened.claim.returnId} ${p.name}`} />
            ))}
          </div>
        </figure>
      ) : null}
    </section>
  );
}
