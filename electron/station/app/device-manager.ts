// The desk's serial devices, built from the settings' device profiles: each profile is validated
// (parseDeviceProfile) and becomes a Scanner, Scale or Dimensioner whose readings and status go
// out as contract events. When the profiles change, only the devices whose profile changed are
// restarted, so saving a scanner does not interrupt a weighing. A profile that does not parse
// is listed with its problem instead of stopping the others.
import type { z } from 'zod';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { DeviceStatusView } from '../../../shared/contract/setup.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import type { ScaleFault } from '../devices/scale-protocols/index.js';
import { dimensionerProfileSchema, parseDeviceProfile, scaleProfileSchema, scannerProfileSchema, type DeviceProfile } from '../devices/device-profile.js';
import { Dimensioner } from '../devices/dimensioner.js';
import { Scale } from '../devices/scale.js';
import { Scanner } from '../devices/scanner.js';
import type { DeviceStatus } from '../devices/serial-device.js';
import type { SerialOpener } from '../devices/serial-port-opener.js';
import type { DeviceControl } from './app-context.js';
import type { EventHub } from './dispatcher.js';

type StatusView = z.infer<typeof DeviceStatusView>;
type Role = StatusView['role'];
type AnyDevice = Scanner | Scale | Dimensioner;

interface Entry {
  key: string;
  id: string;
  name: string;
  role: Role;
  device?: AnyDevice;
  /** Release of this scale's want() while the manager's weight is wanted. */
  release?: () => void;
  status: StatusView;
}

export interface DeviceManagerDeps {
  hub: EventHub;
  open: SerialOpener;
  reconnectIntervalMs?: number;
}

export const SCALE_TEST_TIMEOUT_MS = 10_000;
export const SCANNER_TEST_TIMEOUT_MS = 20_000;
export const DIMENSIONER_TEST_TIMEOUT_MS = 10_000;

const SCHEMA_OF_ROLE = { scanner: scannerProfileSchema, scale: scaleProfileSchema, dimensioner: dimensionerProfileSchema } as const;

/**
 * What is wrong with a device profile, one sentence per problem with the field named. The union
 * of the three roles would only say "invalid input", so the profile is checked against its role's schema.
 */
export function describeProfileProblems(input: unknown): string {
  const role = (input as { role?: unknown } | null)?.role;
  if (typeof role !== 'string' || !(role in SCHEMA_OF_ROLE)) return 'role: choose scanner, scale or dimensioner.';
  const r = SCHEMA_OF_ROLE[role as Role].safeParse(input);
  if (r.success) return '';
  return r.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}.`).join(' ');
}

const ROLES: readonly Role[] = ['scanner', 'scale', 'dimensioner'];

const ROLE_WORD = { scanner: keyed('devices.fault.role.scanner'), scale: keyed('devices.fault.role.scale'), dimensioner: keyed('devices.fault.role.dimensioner') } as const;

/** A scale's fault by its code in the desk's language; one the catalogue has no words for keeps the scale's English inside. */
const SCALE_FAULTS: Partial<Record<ScaleFault['code'], KeyedSentence>> = {
  overload: keyed('devices.fault.scale.overload'),
  underload: keyed('devices.fault.scale.underload'),
  garbled: keyed('devices.fault.scale.garbled'),
  'transmission-error': keyed('devices.fault.scale.transmission'),
  'not-ready': keyed('devices.fault.scale.notReady'),
  'zero-error': keyed('devices.fault.scale.zero'),
  'in-motion': keyed('devices.fault.scale.settling'),
  'command-not-understood': keyed('devices.fault.scale.notUnderstood'),
};

/** "The scale "Packing scale" reports: …" with the fault said in the same language. */
function deviceReports(role: Role, name: string, what: KeyedSentence): KeyedSentence {
  return keyed('devices.fault.reports', { name }, { role: ROLE_WORD[role], what });
}

/** A view's status with its sentence: English for the message, the key for the screen. */
function withSentence(sentence: KeyedSentence): { message: string; sentence: KeyedSentence } {
  return { message: englishSentence(sentence), sentence };
}

export class DeviceManager implements DeviceControl {
  private entries = new Map<string, Entry>();
  private wanted = 0;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: DeviceManagerDeps) {}

  /** Brings the running devices in line with the profiles; calls are applied in order. */
  apply(profiles: readonly Record<string, unknown>[]): Promise<void> {
    const next = this.chain.then(() => this.reconcile(profiles));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every apply() so far has taken effect. */
  settled(): Promise<void> {
    return this.chain;
  }

  list(): StatusView[] {
    return [...this.entries.values()].map((e) => ({ ...e.status }));
  }

  wantWeight(): () => void {
    this.wanted++;
    if (this.wanted === 1) for (const e of this.entries.values()) this.wantOn(e);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.wanted--;
      if (this.wanted === 0) for (const e of this.entries.values()) this.unwant(e);
    };
  }

  /** Reads the device once and says what it read, in words. */
  /** A device's test in a keyed sentence (Setup -> Devices says it in the desk's language); a failure is thrown with its sentence too. */
  async test(id: string): Promise<KeyedSentence> {
    const entry = this.entries.get(id);
    if (!entry) throw testFailure('NO_DEVICE', keyed('devices.fault.test.noDevice', { id }));
    const device = entry.device;
    if (!device) throw testFailure('DEVICE_INVALID', keyed('devices.fault.test.cannotStart', { name: entry.name }, { problem: entry.status.sentence ?? keyed('devices.fault.says', { detail: entry.status.message }) }));
    if (device instanceof Scale) {
      const r = await device.waitForStable({ timeoutMs: SCALE_TEST_TIMEOUT_MS }).catch((e: Error) => {
        throw testFailure('DEVICE_TEST_FAILED', deviceReports('scale', entry.name, keyed('devices.fault.says', { detail: e.message })));
      });
      return keyed('devices.fault.test.scale', { name: entry.name, kg: formatKg(r.weightKg) });
    }
    if (device instanceof Dimensioner) {
      const r = await device.measure(DIMENSIONER_TEST_TIMEOUT_MS).catch((e: Error & { sentence?: KeyedSentence }) => {
        throw testFailure('DEVICE_TEST_FAILED', deviceReports('dimensioner', entry.name, e.sentence ?? keyed('devices.fault.says', { detail: e.message })));
      });
      const size = { name: entry.name, length: r.lengthCm, width: r.widthCm, height: r.heightCm };
      return r.weightKg !== undefined ? keyed('devices.fault.test.dimensionerWeight', { ...size, kg: formatKg(r.weightKg) }) : keyed('devices.fault.test.dimensioner', size);
    }
    const scanner = device;
    const raw = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        scanner.off('scan', onScan);
        reject(testFailure('DEVICE_TEST_FAILED', keyed('devices.fault.test.noScan', { name: entry.name, seconds: SCANNER_TEST_TIMEOUT_MS / 1000 })));
      }, SCANNER_TEST_TIMEOUT_MS);
      const onScan = (e: { raw: string }) => {
        clearTimeout(timer);
        scanner.off('scan', onScan);
        resolve(e.raw);
      };
      scanner.on('scan', onScan);
    });
    return keyed('devices.fault.test.scanner', { name: entry.name, code: raw });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.chain;
    await Promise.all([...this.entries.values()].map((e) => this.halt(e)));
    this.entries.clear();
  }

  private async reconcile(raw: readonly Record<string, unknown>[]): Promise<void> {
    if (this.stopped) return;
    const wanted = new Map<string, { key: string; parsed?: DeviceProfile; problem?: string; name: string; role: Role }>();
    raw.forEach((input, index) => {
      const id = typeof input.id === 'string' && input.id ? input.id : `profile-${index + 1}`;
      const name = typeof input.name === 'string' && input.name ? input.name : id;
      const role = ROLES.includes(input.role as Role) ? (input.role as Role) : 'scanner';
      try {
        const parsed = parseDeviceProfile(input);
        wanted.set(id, { key: JSON.stringify(parsed), parsed, name, role });
      } catch (e) {
        const problem = (e as z.ZodError).issues ? describeProfileProblems(input) : String(e);
        wanted.set(id, { key: `invalid:${JSON.stringify(input)}`, problem, name, role });
      }
    });
    for (const [id, entry] of [...this.entries]) {
      if (wanted.get(id)?.key === entry.key) continue;
      await this.halt(entry);
      this.entries.delete(id);
      if (!wanted.has(id)) this.deps.hub.emit('device.status', { ...entry.status, status: 'stopped', routine: false, ...withSentence(keyed('devices.fault.removed', { name: entry.name }, { role: ROLE_WORD[entry.role] })) });
    }
    for (const [id, w] of wanted) {
      if (this.entries.has(id)) continue;
      const entry: Entry = {
        key: w.key,
        id,
        name: w.name,
        role: w.role,
        status: { id, name: w.name, role: w.role, status: 'error', ...withSentence(keyed('devices.fault.unusable', { problem: w.problem ?? '' })) },
      };
      this.entries.set(id, entry);
      if (!w.parsed) {
        this.deps.hub.emit('device.status', entry.status);
        continue;
      }
      entry.device = this.build(entry, w.parsed);
      void entry.device.start();
      if (this.wanted > 0) this.wantOn(entry);
    }
  }

  private build(entry: Entry, profile: DeviceProfile): AnyDevice {
    const deps = { open: this.deps.open, reconnectIntervalMs: this.deps.reconnectIntervalMs };
    const onStatus = (s: DeviceStatus) => {
      entry.status = { id: entry.id, name: entry.name, role: entry.role, status: s.state, message: s.message, ...(s.sentence ? { sentence: s.sentence } : {}), ...(s.state === 'connected' && !s.warning ? { routine: true } : {}) };
      this.deps.hub.emit('device.status', entry.status);
    };
    if (profile.role === 'scale') {
      const scale = new Scale(profile, deps);
      scale.on('status', onStatus);
      scale.on('reading', (r) => this.deps.hub.emit('device.weight', { deviceId: entry.id, weightKg: r.weightKg, stable: r.stable }));
      // A fault (overload, garbage) is a status line, not a reading.
      scale.on('fault', (f) => onStatus({ state: scale.status.state, ...withSentence(deviceReports('scale', entry.name, scaleFaultSentence(f))) }));
      return scale;
    }
    if (profile.role === 'dimensioner') {
      const dim = new Dimensioner(profile, deps);
      dim.on('status', onStatus);
      dim.on('measurement', (r) => this.deps.hub.emit('device.dimensions', { deviceId: entry.id, length: r.lengthCm, breadth: r.widthCm, height: r.heightCm, weightKg: r.weightKg }));
      dim.on('fault', (message, sentence) => onStatus({ state: dim.status.state, ...withSentence(deviceReports('dimensioner', entry.name, sentence ?? keyed('devices.fault.says', { detail: message }))) }));
      return dim;
    }
    const scanner = new Scanner(profile, deps);
    scanner.on('status', onStatus);
    scanner.on('scan', (e) => this.deps.hub.emit('device.scan', { deviceId: entry.id, raw: e.raw }));
    // A double read is not dropped silently: the screen says it ignored it.
    scanner.on('repeat', (e) => this.deps.hub.emit('device.scan', { deviceId: entry.id, raw: e.raw, doubleReadMs: profile.debounceMs }));
    return scanner;
  }

  private wantOn(entry: Entry): void {
    if (entry.device instanceof Scale && !entry.release) entry.release = entry.device.want();
  }

  private unwant(entry: Entry): void {
    entry.release?.();
    entry.release = undefined;
  }

  private async halt(entry: Entry): Promise<void> {
    this.unwant(entry);
    const device = entry.device;
    entry.device = undefined;
    if (!device) return;
    device.removeAllListeners();
    await device.stop().catch(() => undefined);
  }
}

function formatKg(kg: number): string {
  return `${Number(kg.toFixed(3))} kg`;
}

function scaleFaultSentence(fault: ScaleFault): KeyedSentence {
  const known = SCALE_FAULTS[fault.code];
  if (!known) return keyed('devices.fault.says', { detail: fault.message });
  return fault.code === 'garbled' ? { ...known, params: { raw: fault.raw.slice(0, 60) } } : known;
}

/** A failed device test: its code, its English message and its sentence for the screen. */
function testFailure(code: string, sentence: KeyedSentence): Error & { code: string; sentence: KeyedSentence } {
  return Object.assign(new Error(englishSentence(sentence)), { code, sentence });
}
