// Finding the serial port. Listing needs udev (serialport asks udevadm), which kiosks and
// containers often lack, and it never shows pseudo-terminals; so a typed path is always accepted
// once it is checked to exist and be a character device.

export interface PortInfo {
  path: string;
  manufacturer?: string;
  serialNumber?: string;
  vendorId?: string;
  productId?: string;
}

export interface ListPortsDeps {
  /** serialport's SerialPort.list (or a stand-in). */
  list: () => Promise<PortInfo[]>;
}

export type ListPortsResult = { ok: true; ports: PortInfo[] } | { ok: false; message: string; ports: [] };

export const UDEV_MISSING_MESSAGE =
  'Serial port listing needs udev (udevadm). Type the port path instead, e.g. /dev/ttyUSB0 or /dev/serial/by-id/...';

export async function listPorts(deps: ListPortsDeps): Promise<ListPortsResult> {
  try {
    const ports = await deps.list();
    return { ok: true, ports: ports.map((p) => ({ path: p.path, manufacturer: p.manufacturer, serialNumber: p.serialNumber, vendorId: p.vendorId, productId: p.productId })) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/udevadm|ENOENT|spawn/i.test(message)) return { ok: false, message: UDEV_MISSING_MESSAGE, ports: [] };
    return { ok: false, message: `Could not list serial ports: ${message}. Type the port path instead, e.g. /dev/ttyUSB0.`, ports: [] };
  }
}

export interface PathCheckDeps {
  /** fs.promises.stat (follows links, so /dev/serial/by-id/... and socat links resolve). */
  stat: (path: string) => Promise<{ isCharacterDevice(): boolean }>;
  platform?: string;
}

export type PathCheck = { ok: true; path: string } | { ok: false; message: string };

export async function checkPortPath(path: string, deps: PathCheckDeps): Promise<PathCheck> {
  const p = path.trim();
  if (p === '') return { ok: false, message: 'Type the port path, e.g. /dev/ttyUSB0.' };
  // Windows COM ports are not files; serialport opens them by name.
  if ((deps.platform ?? 'linux') === 'win32') {
    return /^(\\\\\.\\)?COM\d+$/i.test(p) ? { ok: true, path: p } : { ok: false, message: `"${p}" is not a COM port name (COM1, COM3...).` };
  }
  if (!p.startsWith('/')) return { ok: false, message: `"${p}" is not a device path: it starts with /dev/, e.g. /dev/ttyUSB0.` };
  try {
    const st = await deps.stat(p);
    if (!st.isCharacterDevice()) return { ok: false, message: `${p} exists but is not a serial device.` };
    return { ok: true, path: p };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES') return { ok: false, message: `${p}: permission denied (add the user to the "dialout" group).` };
    return { ok: false, message: `${p} does not exist. Is the device plugged in? (USB adapters appear as /dev/ttyUSB0 or under /dev/serial/by-id/.)` };
  }
}
