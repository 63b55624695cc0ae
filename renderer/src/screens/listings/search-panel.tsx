// Listing search by internal state and text, 20 per batch with next / previous, and a quick
// edit of price and stock on each row.
import { Fragment, useState, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import { InternalState } from '../../../../shared/api/enums.js';
import { LISTINGS_PER_SEARCH_BATCH } from '../../../../shared/api/limits.js';
import { useListingsStore } from '../../stores/listings-store.js';
import { ResultLine } from '../setup/form-field.js';
import { QuickEditForm } from './quick-edit-form.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

const STATE_WORDS: Record<string, string> = {
  ACTIVE: msgKey('listings.state.active'),
  INACTIVE: msgKey('listings.state.inactive'),
  READY_FOR_ACTIVATION: msgKey('listings.state.readyForActivation'),
  ARCHIVED: msgKey('listings.state.archived'),
  INACTIVATED_BY_MARKETPLACE: msgKey('listings.state.inactivatedByMarketplace'),
};
const stateWords = (state: string) => (STATE_WORDS[state] ? tr(STATE_WORDS[state]) : state);

export function SearchPanel() {
  const api = useStation();
  const { t, fmt } = useT();
  const { state, text, batchNo, rows, total, loading, searched, error, setQuery, search } = useListingsStore();
  const [editing, setEditing] = useState<string>();
  const [results, setResults] = useState<Record<string, { ok: boolean; text: string }>>({});

  // A quick edit's result line speaks of the rows it was said beside: a new search, another
  // batch or the same row opened again for another edit leaves it behind.
  const forget = (sku?: string) => setResults((x) => (sku === undefined ? {} : Object.fromEntries(Object.entries(x).filter(([k]) => k !== sku))));

  function submit(e: FormEvent) {
    e.preventDefault();
    forget();
    void search(api, 0);
  }

  const first = batchNo * LISTINGS_PER_SEARCH_BATCH + 1;
  const last = batchNo * LISTINGS_PER_SEARCH_BATCH + rows.length;
  const hasNext = last < total;
  return (
    <section aria-labelledby="ls-title" className="panel">
      <h2 id="ls-title">{t('listings.search.heading')}</h2>
      <form aria-label={t('listings.search.form')} onSubmit={submit} className="inline-form">
        <label htmlFor="ls-state">{t('listings.search.state')}</label>
        <select id="ls-state" value={state} onChange={(e) => setQuery({ state: e.target.value as InternalState })}>
          {InternalState.options.map((s) => (
            <option key={s} value={s}>
              {stateWords(s)}
            </option>
          ))}
        </select>
        <label htmlFor="ls-text">{t('listings.search.text')}</label>
        <input id="ls-text" type="search" maxLength={100} value={text} onChange={(e) => setQuery({ text: e.target.value })} />
        <button type="submit" disabled={loading}>
          {t('listings.search.button')}
        </button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {loading ? <p role="status">{t('listings.search.searching')}</p> : null}
      {searched && !loading && !error ? (
        <p role="status">{total === 0 ? t('listings.search.none') : t('listings.search.shown', { first, last, total: fmt.number(total) })}</p>
      ) : null}
      {rows.length > 0 ? (
        <table>
          <caption>{t('listings.search.caption', { state: stateWords(state).toLowerCase() })}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">{t('listings.col.productId')}</th>
              <th scope="col">{t('listings.col.product')}</th>
              <th scope="col">{t('listings.col.status')}</th>
              <th scope="col">MRP</th>
              <th scope="col">{t('listings.col.sellingPrice')}</th>
              <th scope="col">{t('listings.col.stock')}</th>
              <th scope="col">{t('listings.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.sku}>
                <tr>
                  <td>{r.sku}</td>
                  <td>{r.productId}</td>
                  <td>{r.title}</td>
                  <td>{stateWords(r.status)}</td>
                  <td>{fmt.rupees(r.mrp)}</td>
                  <td>{fmt.rupees(r.sellingPrice)}</td>
                  <td>{Object.entries(r.inventory).map(([loc, n]) => `${loc}: ${n}`).join(', ') || '—'}</td>
                  <td>
                    <button
                      type="button"
                      aria-expanded={editing === r.sku}
                      onClick={() => {
                        forget(r.sku);
                        setEditing(r.sku);
                      }}
                    >
                      {t('listings.search.quickEdit', { sku: r.sku })}
                    </button>
                  </td>
                </tr>
                {editing === r.sku || results[r.sku] ? (
                  <tr>
                    <td colSpan={8}>
                      {editing === r.sku ? (
                        <QuickEditForm
                          row={r}
                          onCancel={() => setEditing(undefined)}
                          onDone={(t) => {
                            setEditing(undefined);
                            setResults((x) => ({ ...x, [r.sku]: { ok: true, text: t } }));
                            void search(api);
                          }}
                        />
                      ) : null}
                      {results[r.sku] ? <ResultLine {...results[r.sku]} /> : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : null}
      {searched && total > 0 ? (
        <div className="actions">
          <button
            type="button"
            disabled={loading || batchNo === 0}
            onClick={() => {
              forget();
              void search(api, batchNo - 1);
            }}
          >
            {t('listings.search.previous', { count: LISTINGS_PER_SEARCH_BATCH })}
          </button>
          <button
            type="button"
            disabled={loading || !hasNext}
            onClick={() => {
              forget();
              void search(api, batchNo + 1);
            }}
          >
            {t('listings.search.next', { count: LISTINGS_PER_SEARCH_BATCH })}
          </button>
        </div>
      ) : null}
    </section>
  );
}
