// The audit trail as the Activity screen shows it: the last search and the day's counts.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';

export type ActivityEntry = ResultOf<'activity.search'>[number];
export type ActivityStats = ResultOf<'activity.stats'>;

interface ActivityState {
  entries: ActivityEntry[];
  stats?: ActivityStats;
  loading: boolean;
  searched: boolean;
  error?: string;
  search(api: StationApi, query: { text?: string; from?: string; to?: string }): Promise<void>;
  loadStats(api: StationApi, day?: string): Promise<void>;
}

const words = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

export const useActivityStore = create<ActivityState>((set) => ({
  entries: [],
  loading: false,
  searched: false,
  async search(api, query) {
    set({ loading: true, error: undefined });
    try {
      const entries = await api.invoke('activity.search', { ...query, limit: 500 });
      set({ entries, loading: false, searched: true });
    } catch (e) {
      set({ loading: false, searched: true, error: words(e, 'The activity could not be read.') });
    }
  },
  async loadStats(api, day) {
    try {
      set({ stats: await api.invoke('activity.stats', day ? { day } : {}) });
    } catch (e) {
      set({ error: words(e, 'The counts could not be read.') });
    }
  },
}));
