// The spec's search filters (spec § POST /v3/shipments/filter/) as form controls, plus one
// search box for any id. Changes apply at once; the search box waits for a pause in typing.
import { useEffect, useState } from 'react';
import { CancellationType, ShipmentType, STATES_BY_SEARCH_TYPE, type OrderItemStatus } from '../../../../shared/api/enums.js';
import type { QueueFilter } from '../../../../shared/contract/queue.js';
import { useT } from '../../i18n/use-t.js';
import { CANCELLATION_WORDS, SEARCH_TYPE_WORDS, SHIPMENT_TYPE_WORDS, STATE_WORDS } from './state-words.js';

export function QueueFilters({ filter, onChange }: { filter: QueueFilter; onChange(filter: QueueFilter): void }) {
  const { t } = useT();
  const [search, setSearch] = useState(filter.search ?? '');
  const [sku, setSku] = useState(filter.sku ?? '');

  // Typing pauses for a quarter second before the station is asked: one request per word, not per key.
  useEffect(() => {
    const nextSearch = search.trim() || undefined;
    const nextSku = sku.trim() || undefined;
    if (nextSearch === filter.search && nextSku === filter.sku) return;
    const timer = setTimeout(() => onChange({ ...filter, search: nextSearch, sku: nextSku }), 250);
    return () => clearTimeout(timer);
  }, [search, sku, filter, onChange]);

  const toggle = <T extends string>(list: T[] | undefined, value: T, on: boolean): T[] | undefined => {
    const next = new Set(list ?? []);
    if (on) next.add(value);
    else next.delete(value);
    return next.size > 0 ? [...next] : undefined;
  };
  const states = STATES_BY_SEARCH_TYPE[filter.type] as readonly OrderItemStatus[];
  // Open from the start when one of the folded filters is in use; then the packer decides.
  const [moreOpen, setMoreOpen] = useState(() => (filter.states?.length ?? 0) > 0 || (filter.shipmentTypes?.length ?? 0) > 0);

  return (
    <form className="queue-filters" aria-label={t('queue.filters')} onSubmit={(e) => e.preventDefault()}>
      <label>
        {t('queue.search')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <label>
        {t('queue.shipments')}
        <select value={filter.type} onChange={(e) => onChange({ type: e.target.value as QueueFilter['type'], search: filter.search, sku: filter.sku })}>
          {Object.entries(SEARCH_TYPE_WORDS).map(([value, words]) => (
            <option key={value} value={value}>
              {t(words)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('queue.hold')}
        {/* The search shows held shipments only when asked for (spec § POST /v3/shipments/filter/). */}
        <select value={filter.hold ? 'held' : 'free'} onChange={(e) => onChange({ ...filter, hold: e.target.value === 'held' ? true : undefined })}>
          <option value="free">{t('queue.notHeld')}</option>
          <option value="held">{t('queue.held')}</option>
        </select>
      </label>
      <label>
        {t('queue.sku')}
        <input type="text" value={sku} onChange={(e) => setSku(e.target.value)} />
      </label>
      {/* The rarer filters fold away so the list keeps the screen. */}
      <details className="more-filters" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
        <summary>{t('queue.more')}</summary>
        {states.length > 1 ? (
          <fieldset>
            <legend>{t('queue.states')}</legend>
            {states.map((state) => (
              <label key={state} className="check">
                <input type="checkbox" checked={filter.states?.includes(state) ?? false} onChange={(e) => onChange({ ...filter, states: toggle(filter.states, state, e.target.checked) })} />
                {t(STATE_WORDS[state])}
              </label>
            ))}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>{t('queue.shipmentType')}</legend>
          {ShipmentType.options.map((type) => (
            <label key={type} className="check">
              <input type="checkbox" checked={filter.shipmentTypes?.includes(type) ?? false} onChange={(e) => onChange({ ...filter, shipmentTypes: toggle(filter.shipmentTypes, type, e.target.checked) })} />
              {t(SHIPMENT_TYPE_WORDS[type])}
            </label>
          ))}
        </fieldset>
      </details>
      {filter.type === 'cancelled' ? (
        <label>
          {t('queue.cancelled')}
          <select
            value={filter.cancellationType ?? ''}
            onChange={(e) => onChange({ ...filter, cancellationType: (e.target.value || undefined) as QueueFilter['cancellationType'] })}
          >
            <option value="">{t('queue.anyWay')}</option>
            {CancellationType.options.map((c) => (
              <option key={c} value={c}>
                {t(CANCELLATION_WORDS[c])}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </form>
  );
}
