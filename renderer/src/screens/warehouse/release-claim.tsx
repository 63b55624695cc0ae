// A lead frees a shipment another desk holds (a packer went home with it open, a desk is broken):
// type or scan its id, Enter. The station refuses a packed one; the result is said in words.
import { useState, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import { useBusyAction } from '../../app/use-busy-action.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';

export function ReleaseClaim() {
  const api = useStation();
  const { t } = useT();
  const [shipmentId, setShipmentId] = useState('');
  const { busy, result, setResult, run } = useBusyAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    const id = shipmentId.trim();
    if (!id || busy) return;
    void run(async () => {
      const answer = await api.invoke('claims.release', { shipmentId: id });
      setResult({ ok: answer.released, text: saidWords(answer) });
      if (answer.released) setShipmentId('');
    });
  }

  return (
    <form aria-label={t('warehouse.release.form')} className="board-release" onSubmit={submit}>
      <label>
        {t('warehouse.release.label')}
        <input value={shipmentId} onChange={(e) => setShipmentId(e.target.value)} placeholder={t('warehouse.release.placeholder')} spellCheck={false} autoComplete="off" />
      </label>
      <button type="submit" disabled={busy || !shipmentId.trim()}>
        {t('warehouse.release.button')}
      </button>
      {result ? (
        <p role="status" className={result.ok ? 'ok' : 'error'}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
