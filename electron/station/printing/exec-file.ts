// The production ExecFileFn: node's execFile with an argument array, never a shell.
import { execFile } from 'node:child_process';
import type { ExecFileFn } from './printer-backend.js';

export const nodeExecFile: ExecFileFn = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { env: options.env, timeout: options.timeout ?? 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(Object.assign(error, { stdout: String(stdout), stderr: String(stderr) }));
        return;
      }
      resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
  });

/** The text a failed command printed, for error messages and classification. */
export function commandOutput(error: unknown): string {
  const e = error as { stderr?: unknown; stdout?: unknown; message?: unknown };
  const text = [e?.stderr, e?.stdout].filter((s) => typeof s === 'string' && s.trim()).join('\n');
  return (text || String(e?.message ?? error)).trim();
}
