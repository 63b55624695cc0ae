// Whether the Electron runtime is installed: the `electron` package exports the path of its
// executable and throws when its download never happened (ELECTRON_SKIP_BINARY_DOWNLOAD, or no
// network during npm ci). The launcher falls back to browser mode then.
import { existsSync } from 'node:fs';

export function electronBinary(load: (id: string) => unknown, exists: (path: string) => boolean = existsSync): string | undefined {
  try {
    const path = load('electron');
    return typeof path === 'string' && exists(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
