// The Listings screen (issue "packing desk app", screen 7): find listings and change price and
// stock quickly, create or update a whole listing, and change many from a CSV file.
import { useEffect, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { BarcodesPanel } from './barcodes-panel.js';
import { BulkPanel } from './bulk-panel.js';
import { ListingForm } from './listing-form.js';
import { SearchPanel } from './search-panel.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

/** Each task's tab, by catalogue key. */
const PARTS = [
  { key: 'search', label: msgKey('listings.tab.search') },
  { key: 'form', label: msgKey('listings.tab.form') },
  { key: 'bulk', label: msgKey('listings.tab.bulk') },
  { key: 'barcodes', label: msgKey('listings.tab.barcodes') },
] as const;

export default function ListingsScreen() {
  const api = useStation();
  const { t } = useT();
  const { info, settings, load } = useSettingsStore();
  const [part, setPart] = useState<(typeof PARTS)[number]['key']>('search');

  useEffect(() => {
    // The seller's locations come from app.info; the form checks location ids against them.
    if (!info) void load(api);
  }, [api, info, load]);

  return (
    <section aria-label={t('listings.title')} className="screen screen-listings">
      <h1>{t('listings.title')}</h1>
      <div role="tablist" aria-label={t('listings.tasks')}>
        {PARTS.map((p) => (
          <button key={p.key} type="button" role="tab" id={`lt-${p.key}`} aria-selected={part === p.key} aria-controls={`lp-${p.key}`} onClick={() => setPart(p.key)}>
            {t(p.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`lp-${part}`} aria-labelledby={`lt-${part}`}>
        {part === 'search' ? <SearchPanel /> : null}
        {part === 'form' ? <ListingForm sellerLocations={info?.locations ?? []} defaultLocation={settings?.locationId || info?.locations[0] || ''} /> : null}
        {part === 'bulk' ? <BulkPanel /> : null}
        {part === 'barcodes' ? <BarcodesPanel /> : null}
      </div>
    </section>
  );
}
