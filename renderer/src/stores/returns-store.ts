// Returns and self-ship shipments of the desk's location, as the Returns screen lists them.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';

export type ReturnRow = ResultOf<'returns.list'>[number];
export type SelfShipRow = ResultOf<'selfship.list'>[number];

interface ReturnsState {
  returns: ReturnRow[];
  selfShip: SelfShipRow[];
  loading: boolean;
  error?: string;
  load(api: StationApi): Promise<void>;
}

export const useReturnsStore = create<ReturnsState>((set) => ({
  returns: [],
  selfShip: [],
  loading: false,
  async load(api) {
    set({ loading: true });
    // The two lists come from different marketplace operations: one failing must not hide the other.
    const [returns, selfShip] = await Promise.allSettled([api.invoke('returns.list', {}), api.invoke('selfship.list', {})]);
    const failed = [returns, selfShip].find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
    set((s) => ({
      loading: false,
      returns: returns.status === 'fulfilled' ? returns.value : s.returns,
      selfShip: selfShip.status === 'fulfilled' ? selfShip.value : s.selfShip,
      error: failed ? errorWords(failed.reason) : undefined,
    }));
  },
}));
