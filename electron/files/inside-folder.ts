// Where the station writes a file whose name comes from input (a shipment id, a return id, a print
// title): the one check that the path stays inside the folder it belongs to. An id is cleaned to
// the characters an id has before it becomes part of a name, and the joined path is refused when
// it holds a NUL byte, is absolute, climbs with "..", or leads out through a symbolic link.
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { lstatSync, realpathSync } from 'node:fs';
import { keyedError } from '../../shared/i18n/station-sentences.js';

/** The longest id kept in a file name; a longer one is cut (names stay well under every file system's limit). */
export const MAX_ID_IN_FILE_NAME = 100;

/** An id as a file name may carry it: letters, digits, "_" and "-" only, anything else as "_". */
export function idForFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_ID_IN_FILE_NAME) || 'unnamed';
}

const refuse = (name: string, folder: string) => keyedError('PATH_OUTSIDE_FOLDER', 'station.files.outside', { name: name.replace(/\0/g, '\\0'), folder });

/**
 * The real path of `path`: the deepest part that exists resolved through its links, the rest as
 * given. Undefined when a part is a link that leads nowhere (writing through it would create its
 * target, wherever that is).
 */
function realPathOf(path: string): string | undefined {
  let head = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync.native(head), ...rest.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
      if (lstatSync(head, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    }
    const parent = dirname(head);
    if (parent === head) return join(head, ...rest.reverse());
    rest.push(basename(head));
    head = parent;
  }
}

/**
 * `folder` joined with `names`, checked to lie inside `folder` (the folder itself may be reached
 * through a link: the data folder may live on another disk). Throws a sentence in words otherwise.
 * The check is made when the path is built; the station's folders are 0700, so no other user can
 * swap a part for a link between the check and the write.
 */
export function insideFolder(folder: string, ...names: string[]): string {
  const name = names.join('/');
  for (const part of names) {
    if (part.includes('\0') || part === '' || isAbsolute(part) || /^[A-Za-z]:/.test(part)) throw refuse(name, folder);
    if (part.split(/[\\/]/).some((segment) => segment === '..')) throw refuse(name, folder);
  }
  const path = join(folder, ...names);
  const base = realPathOf(folder);
  const target = realPathOf(path);
  if (!base || !target) throw refuse(name, folder);
  const rel = relative(base, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw refuse(name, folder);
  return path;
}
