// Returns kept for a claim, for the office: each with what came back, its photos and who received
// it; Open shows the photos, Export writes a folder with the photos and a one-page PDF.
import { useCallback, useEffect, useState } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { istWords } from './ist-date.js';

type Claim = ResultOf<'claims.list'>[number];
type Opened = ResultOf<'claims.get'>;

const CONDITION: Record<Claim['condition'], string> = {
  sellable: msgKey('returns.choice.sellable'),
  damaged: msgKey('returns.choice.damaged'),
  wrongProduct: msgKey('returns.choice.wrongProduct'),
  missingParts: msgKey('returns.choice.missingParts'),
  emptyBox: msgKey('returns.choice.emptyBox'),
};

/** `epoch` changes after each receipt, so a new claim shows without a reload. */
export function ClaimsPanel({ epoch }: { epoch: number }) {
  const api = useStation();
  const { t } = useT();
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
    setNote({ ok: true, text: t('returns.claims.exporting', { id: returnId }) });
    try {
      const out = await api.invoke('claims.export', { returnId });
      setNote({ ok: true, text: t('returns.claims.exported', { id: returnId, folder: out.folder, count: out.photos.length }) });
    } catch (e) {
      setNote({ ok: false, text: t('returns.claims.exportFailed', { detail: errorWords(e) }) });
    }
  }

  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title">{t('returns.claims.heading')}</h2>
      {error ? <p role="alert">{error}</p> : null}
      {!claims ? (
        <p>{t('returns.claims.reading')}</p>
      ) : claims.length === 0 ? (
        <p>{t('returns.claims.empty')}</p>
      ) : (
        <table>
          <caption>{t('returns.claims.caption')}</caption>
          <thead>
            <tr>
              {[t('returns.col.return'), t('returns.col.product'), t('returns.claims.whatCameBack'), t('returns.claims.photos'), t('returns.claims.received'), t('returns.col.actions')].map((c) => (
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
                  {t(CONDITION[c.condition])}
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
                    {c.operator && c.operator !== c.desk ? t('returns.claims.atDeskBy', { desk: c.desk, operator: c.operator }) : t('returns.claims.atDesk', { desk: c.desk })}
                  </span>
                </td>
                <td>
                  <button type="button" onClick={() => void open(c.returnId)}>
                    {t('returns.claims.open', { id: c.returnId })}
                  </button>
                  <button type="button" onClick={() => void exportClaim(c.returnId)}>
                    {t('returns.claims.export', { id: c.returnId })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note ? <ResultLine {...note} /> : null}
      {opened ? (
        <figure className="panel claim-open" aria-label={t('returns.claims.figure', { id: opened.claim.returnId })}>
          <figcaption>
            {t('returns.claims.caption1', { id: opened.claim.returnId, condition: t(CONDITION[opened.claim.condition]).toLowerCase() })}
            {opened.claim.shipmentId ? `, ${t('returns.claims.shipment', { id: opened.claim.shipmentId })}` : ''}
            {opened.claim.orderId ? `, ${t('returns.claims.order', { id: opened.claim.orderId })}` : ''}.{' '}
            <button type="button" onClick={() => setOpened(undefined)}>
              {t('returns.claims.close')}
            </button>
          </figcaption>
          {opened.photos.length === 0 ? <p>{t('returns.claims.noPhotos')}</p> : null}
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
