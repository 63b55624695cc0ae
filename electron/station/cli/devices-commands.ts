// `station devices ...`: list ports, read a scale until it is stable, print scans. The same
// services as the app, so a desk can be checked from a terminal before the UI is involved.
import { stat } from 'node:fs/promises';
import { scaleProfileSchema, scannerProfileSchema, type ScaleProfile, type ScannerProfile, type WeightUnit } from '../devices/device-profile.js';
import { checkPortPath, listPorts, type PortInfo } from '../devices/port-discovery.js';
import { Scale } from '../devices/scale.js';
import { Scanner } from '../devices/scanner.js';
import { listSerialPorts, openSerialPort, type SerialOpener } from '../devices/serial-port-opener.js';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

export interface DevicesCliDeps {
  open?: SerialOpener;
  list?: () => Promise<PortInfo[]>;
  stat?: (path: string) => Promise<{ isCharacterDevice(): boolean }>;
}

/** Exit codes: 0 done, 1 the device did not deliver, 2 bad port or settings. */
export type ExitCode = 0 | 1 | 2;

export async function devicesList(io: CliIo, deps: DevicesCliDeps = {}): Promise<ExitCode> {
  const result = await listPorts({ list: deps.list ?? listSerialPorts });
  if (!result.ok) {
    io.stderr(result.message);
    return 1;
  }
  if (result.ports.length === 0) io.stdout('No serial ports found. (Virtual ports such as socat ptys are never listed; type their path.)');
  for (const p of result.ports) {
    const about = [p.manufacturer, p.vendorId && p.productId ? `${p.vendorId}:${p.productId}` : undefined, p.serialNumber ? `serial ${p.serialNumber}` : undefined].filter(Boolean);
    io.stdout(about.length > 0 ? `${p.path}  ${about.join(', ')}` : p.path);
  }
  return 0;
}

interface LineOptions {
  port: string;
  baudRate?: number;
  dataBits?: 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  json?: boolean;
}

export interface ScaleReadOptions extends LineOptions {
  protocol: string;
  unit?: WeightUnit;
  regex?: string;
  pollIntervalMs?: number;
  stableReadings?: number;
  /** Give up after this long without a stable weight (default 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ScannerListenOptions extends LineOptions {
  terminator?: string;
  debounceMs?: number;
  signal: AbortSignal;
}

async function checkedProfile(role: 'scale' | 'scanner', fields: Record<string, unknown>, io: CliIo, deps: DevicesCliDeps) {
  const path = await checkPortPath(String(fields.path), { stat: deps.stat ?? stat, platform: process.platform });
  if (!path.ok) {
    io.stderr(path.message);
    return undefined;
  }
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  try {
    const schema = role === 'scale' ? scaleProfileSchema : scannerProfileSchema;
    return schema.parse({ id: `cli-${role}`, name: role === 'scale' ? 'Scale' : 'Scanner', role, ...defined, path: path.path });
  } catch (err) {
    const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    io.stderr(`Invalid ${role} settings: ${issues ? issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : (err as Error).message}`);
    return undefined;
  }
}

export async function scaleRead(options: ScaleReadOptions, io: CliIo, deps: DevicesCliDeps = {}): Promise<ExitCode> {
  const profile = (await checkedProfile(
    'scale',
    {
      path: options.port,
      protocol: options.protocol,
      baudRate: options.baudRate,
      dataBits: options.dataBits,
      parity: options.parity,
      stopBits: options.stopBits,
      unit: options.unit,
      regex: options.regex,
      pollIntervalMs: options.pollIntervalMs,
      stableReadings: options.stableReadings,
    },
    io,
    deps,
  )) as ScaleProfile | undefined;
  if (!profile) return 2;
  const scale = new Scale(profile, { open: deps.open ?? openSerialPort });
  const out = (obj: Record<string, unknown>, text: string) => io.stdout(options.json ? JSON.stringify(obj) : text);
  scale.on('reading', (r) => out({ type: 'reading', weightKg: r.weightKg, stable: r.stable, value: r.value, unit: r.unit, mode: r.mode }, `${r.weightKg.toFixed(3)} kg${r.stable ? '' : ' (moving)'}${r.mode === 'net' ? ' net' : ''}   [${r.value} ${r.unit}]`));
  scale.on('fault', (f) => io.stderr(f.message));
  scale.on('status', (s) => {
    if (s.state === 'disconnected' || s.warning) io.stderr(s.message);
  });
  try {
    if (!(await scale.start())) {
      io.stderr(scale.status.message.replace(/ Retrying…$/, ''));
      return 2;
    }
    const stable = await scale.waitForStable({ signal: options.signal, timeoutMs: options.timeoutMs ?? 30_000 });
    out({ type: 'stable', weightKg: stable.weightKg }, `Stable weight: ${stable.weightKg.toFixed(3)} kg`);
    return 0;
  } catch (err) {
    io.stderr((err as Error).message);
    return 1;
  } finally {
    await scale.stop();
  }
}

export async function scannerListen(options: ScannerListenOptions, io: CliIo, deps: DevicesCliDeps = {}): Promise<ExitCode> {
  const profile = (await checkedProfile(
    'scanner',
    {
      path: options.port,
      baudRate: options.baudRate,
      dataBits: options.dataBits,
      parity: options.parity,
      stopBits: options.stopBits,
      terminator: options.terminator,
      debounceMs: options.debounceMs,
    },
    io,
    deps,
  )) as ScannerProfile | undefined;
  if (!profile) return 2;
  const scanner = new Scanner(profile, { open: deps.open ?? openSerialPort });
  scanner.on('scan', (s) => {
    if (options.json) io.stdout(JSON.stringify({ type: 'scan', ...s }));
    else if (s.kind === 'garbled') io.stdout(`garbled      ${JSON.stringify(s.value)}  ${s.reason}`);
    else if (s.kind === 'imei' && !s.valid) io.stdout(`imei         ${s.value}  (check digit is wrong)`);
    else io.stdout(`${s.kind.padEnd(12)} ${s.value}`);
  });
  scanner.on('status', (s) => {
    if (s.state === 'disconnected' || s.state === 'connected' || s.warning) io.stderr(s.message);
  });
  try {
    if (!(await scanner.start())) {
      io.stderr(scanner.status.message.replace(/ Retrying…$/, ''));
      return 2;
    }
    if (!options.signal.aborted) await new Promise<void>((r) => options.signal.addEventListener('abort', () => r(), { once: true }));
    return 0;
  } finally {
    await scanner.stop();
  }
}
