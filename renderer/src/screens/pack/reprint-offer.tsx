// A packed shipment's label scanned again at Pack: its label can be printed again, by the button or
// Alt+R, without going to the Print screen. The offer goes with the next scan.
import { useEffect } from 'react';
import { useStation } from '../../app/station-context.js';
import { useT } from '../../i18n/use-t.js';
import { reprintLabel } from '../../stores/print-store.js';
import { refocusScanAfter } from './scan-field.js';

export function ReprintOffer({ shipmentId }: { shipmentId: string }) {
  const api = useStation();
  const { t } = useT();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyR') return;
      e.preventDefault();
      void reprintLabel(api, shipmentId).then(refocusScanAfter());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api, shipmentId]);
  return (
    <div className="pack-actions">
      <button type="button" className="primary" aria-keyshortcuts="Alt+R" onClick={() => void reprintLabel(api, shipmentId).then(refocusScanAfter())}>
        {t('pack.reprintLabel', { id: shipmentId })}
      </button>
    </div>
  );
}
