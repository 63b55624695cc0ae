// The listing search of the Listings screen: the internal state and text searched, the batch
// shown (20 listings each, spec § Limits) and its rows.
import { create } from 'zustand';
import type { InternalState } from '../../../shared/api/enums.js';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';

export type ListingRow = ResultOf<'listings.search'>['rows'][number];

interface ListingsState {
  state: InternalState;
  text: string;
  batchNo: number;
  rows: ListingRow[];
  total: number;
  loading: boolean;
  searched: boolean;
  error?: string;
  setQuery(q: { state?: InternalState; text?: string }): void;
  /** Reads a batch; without a number, the current one again. */
  search(api: StationApi, batchNo?: number): Promise<void>;
}

export const useListingsStore = create<ListingsState>((set, get) => ({
  state: 'ACTIVE',
  text: '',
  batchNo: 0,
  rows: [],
  total: 0,
  loading: false,
  searched: false,
  setQuery(q) {
    set(q);
  },
  async search(api, batchNo = get().batchNo) {
    const { state, text } = get();
    set({ loading: true, error: undefined });
    try {
      const r = await api.invoke('listings.search', { state, text: text.trim() || undefined, batchNo });
      set({ rows: r.rows, total: r.total, batchNo, loading: false, searched: true });
    } catch (e) {
      set({ loading: false, searched: true, error: errorWords(e) });
    }
  },
}));
