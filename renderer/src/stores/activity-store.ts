// The audit trail as the Activity screen shows it: the last search and the day's counts.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { i18n } from '../i18n/i18n.js';

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


export const useActivityStore = create<ActivityState>((set) => ({
  entries: [],
  loading: false,
  searched: false,
  async search(api, query) {
    set({ loading: true, error: undefined });
    try {
      // The desk's language, so a search finds the sentences in the words the screen shows.
      const entries = await api.invoke('activity.search', { ...query, limit: 500, language: i18n.language });
      set({ entries, loading: false, searched: true });
    } catch (e) {
      set({ loading: false, searched: true, error: errorWords(e) });
    }
  },
  async loadStats(api, day) {
    try {
      set({ stats: await api.invoke('activity.stats', day ? { day } : {}) });
    } catch (e) {
      set({ error: errorWords(e) });
    }
  },
}));
