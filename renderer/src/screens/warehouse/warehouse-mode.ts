// Whether this desk is in warehouse mode, asked once per connection (the Warehouse screen is in
// the navigation only then); it follows the settings when Setup changes the database address.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { StationApi } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { useAppStore } from '../../stores/app-store.js';

export const useWarehouseModeStore = create<{ enabled: boolean; set(enabled: boolean): void }>((set) => ({ enabled: false, set: (enabled) => set({ enabled }) }));

function ask(api: StationApi): void {
  api.invoke('warehouse.status', {}).then(
    (s) => useWarehouseModeStore.getState().set(s.enabled),
    () => useWarehouseModeStore.getState().set(false),
  );
}

export function useWarehouseMode(): boolean {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const url = useAppStore((s) => s.settings.warehouse.url);
  useEffect(() => ask(api), [api, epoch, url]);
  return useWarehouseModeStore((s) => s.enabled);
}
