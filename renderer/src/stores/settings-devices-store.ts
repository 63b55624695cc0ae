// Devices of the desk with their live status and last reading, kept current by the device
// events so the Setup screen shows a scale's weight as it changes.
import { create } from 'zustand';
import type { PayloadOf, ResultOf, StationApi } from '../../../shared/contract.js';
import { tr } from '../i18n/i18n.js';

export type DeviceStatus = ResultOf<'devices.list'>[number];

interface DevicesState {
  devices: DeviceStatus[];
  /** The last thing each device reported, in words ("1.250 kg, stable"). */
  readings: Record<string, string>;
  setDevices(devices: DeviceStatus[]): void;
  /** Subscribes to the device events; returns the unsubscribe. */
  watch(api: StationApi): () => void;
}

function weightWords(w: PayloadOf<'device.weight'>): string {
  const kg = w.weightKg.toFixed(3);
  return w.stable ? tr('devices.weightReading', { kg }) : tr('devices.weightSettling', { kg });
}

export const useDevicesStore = create<DevicesState>((set) => ({
  devices: [],
  readings: {},
  setDevices(devices) {
    set({ devices });
  },
  watch(api) {
    const reading = (id: string, text: string) => set((s) => ({ readings: { ...s.readings, [id]: text } }));
    const offs = [
      api.subscribe('device.status', (d) =>
        set((s) => ({ devices: s.devices.some((x) => x.id === d.id) ? s.devices.map((x) => (x.id === d.id ? d : x)) : [...s.devices, d] })),
      ),
      api.subscribe('device.weight', (w) => reading(w.deviceId, weightWords(w))),
      api.subscribe('device.dimensions', (d) => reading(d.deviceId, `${d.length} × ${d.breadth} × ${d.height} cm${d.weightKg !== undefined ? `, ${d.weightKg} kg` : ''}`)),
      api.subscribe('device.scan', (s) => reading(s.deviceId, tr('devices.scanned', { code: s.raw }))),
    ];
    return () => offs.forEach((off) => off());
  },
}));
