// Devices of the desk with their live status and last reading, kept current by the device
// events so the Setup screen shows a scale's weight as it changes.
import { create } from 'zustand';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { tr } from '../i18n/i18n.js';

export type DeviceStatus = ResultOf<'devices.list'>[number];

/** The last thing a device reported, kept as data so it is said in the language shown now. */
export type DeviceReading =
  | { kind: 'weight'; weightKg: number; stable: boolean }
  | { kind: 'dimensions'; length: number; breadth: number; height: number; weightKg?: number }
  | { kind: 'scan'; code: string };

interface DevicesState {
  devices: DeviceStatus[];
  /** The last thing each device reported. */
  readings: Record<string, DeviceReading>;
  setDevices(devices: DeviceStatus[]): void;
  /** Subscribes to the device events; returns the unsubscribe. */
  watch(api: StationApi): () => void;
}

/** A reading in words ("1.250 kg, stable"), in the desk's language at the moment it is shown. */
export function readingWords(r: DeviceReading): string {
  if (r.kind === 'weight') {
    const kg = r.weightKg.toFixed(3);
    return r.stable ? tr('devices.weightReading', { kg }) : tr('devices.weightSettling', { kg });
  }
  if (r.kind === 'dimensions') return `${r.length} × ${r.breadth} × ${r.height} cm${r.weightKg !== undefined ? `, ${r.weightKg} kg` : ''}`;
  return tr('devices.scanned', { code: r.code });
}

export const useDevicesStore = create<DevicesState>((set) => ({
  devices: [],
  readings: {},
  setDevices(devices) {
    set({ devices });
  },
  watch(api) {
    const reading = (id: string, r: DeviceReading) => set((s) => ({ readings: { ...s.readings, [id]: r } }));
    const offs = [
      api.subscribe('device.status', (d) =>
        set((s) => ({ devices: s.devices.some((x) => x.id === d.id) ? s.devices.map((x) => (x.id === d.id ? d : x)) : [...s.devices, d] })),
      ),
      api.subscribe('device.weight', (w) => reading(w.deviceId, { kind: 'weight', weightKg: w.weightKg, stable: w.stable })),
      api.subscribe('device.dimensions', (d) => reading(d.deviceId, { kind: 'dimensions', length: d.length, breadth: d.breadth, height: d.height, ...(d.weightKg !== undefined ? { weightKg: d.weightKg } : {}) })),
      api.subscribe('device.scan', (sc) => reading(sc.deviceId, { kind: 'scan', code: sc.raw })),
    ];
    return () => offs.forEach((off) => off());
  },
}));
