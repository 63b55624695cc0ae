// Scanners, scales and dimensioners as the station reports them: status for the header chips,
// and the latest weight and dimensions for the Pack screen.
import { create } from 'zustand';
import type { PayloadOf, StationApi } from '../../../shared/contract.js';

export type DeviceStatus = PayloadOf<'device.status'>;
export type WeightReading = PayloadOf<'device.weight'>;
export type DimensionsReading = PayloadOf<'device.dimensions'>;

interface DevicesState {
  devices: DeviceStatus[];
  weight?: WeightReading;
  dimensions?: DimensionsReading;
  setDevices(devices: DeviceStatus[]): void;
  upsert(device: DeviceStatus): void;
}

const initial = () => ({ devices: [] as DeviceStatus[], weight: undefined, dimensions: undefined });

export const useDevicesStore = create<DevicesState>()((set, get) => ({
  ...initial(),
  setDevices: (devices) => set({ devices }),
  upsert: (device) => {
    const others = get().devices.filter((d) => d.id !== device.id);
    set({ devices: [...others, device].sort((a, b) => a.name.localeCompare(b.name)) });
  },
}));

/** Follows the station's device events; returns the function that stops following. */
export function followDevices(api: StationApi): () => void {
  const offs = [
    api.subscribe('device.status', (d) => useDevicesStore.getState().upsert(d)),
    api.subscribe('device.weight', (w) => useDevicesStore.setState({ weight: w })),
    api.subscribe('device.dimensions', (d) => useDevicesStore.setState({ dimensions: d })),
  ];
  api.invoke('devices.list', {}).then(
    (list) => useDevicesStore.getState().setDevices(list),
    () => undefined, // no devices configured or not reachable yet: chips appear with the first event
  );
  return () => offs.forEach((off) => off());
}

export function resetDevicesStore(): void {
  useDevicesStore.setState(initial());
}
