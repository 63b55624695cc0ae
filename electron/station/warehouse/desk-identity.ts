// The desk's identity in the warehouse: a random id made once, the first time the desk needs it,
// and kept in its data folder (0600 in the 0700 folder, as the other files). The display name
// (settings desk.name, "Desk 1" by default on every desk) is what people read; the identity is
// what claims, invoice numbers and journal records are keyed by, so two desks never share them
// because they share a name. A copied data folder copies the identity: give the copy a new one by
// removing the file.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../journal/durable-file.js';
import { PRIVATE_FILE_MODE } from '../composition/private-files.js';

/** The file of the desk's identity, in its data folder. */
export const DESK_IDENTITY_FILE = 'warehouse-desk-id';

const ID_PATTERN = /^desk-[0-9a-f-]{36}$/;

/** The desk's identity, made and kept on first use. */
export function deskIdentity(dataDir: string): string {
  const path = join(dataDir, DESK_IDENTITY_FILE);
  if (existsSync(path)) {
    const id = readFileSync(path, 'utf8').trim();
    if (ID_PATTERN.test(id)) return id;
    throw new Error(`The desk identity file ${path} is damaged. Remove it: the desk makes a new identity at its next start (its claims and reserved numbers under the old one are then another desk's).`);
  }
  const id = `desk-${randomUUID()}`;
  writeFileDurably(path, `${id}\n`, PRIVATE_FILE_MODE);
  return id;
}
