// The desk's operators: name, badge code, PIN hash, own language, retired or not. The desk keeps
// its list in a 0600 file in the data folder (OperatorFile); in warehouse mode that file is the
// desk's copy of the warehouse's list (shared-operators.ts), behind the same OperatorDirectory.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { BADGE_ALPHABET, BADGE_BODY_LENGTH, BADGE_PREFIX } from '../../../shared/operators.js';
import { writeFileDurably } from '../journal/durable-file.js';
import { hashPin, pinMatches } from './pin-hash.js';

export const StoredOperator = z.object({
  id: z.string(),
  name: z.string(),
  badge: z.string(),
  pinHash: z.string(),
  language: z.string().optional(),
  retired: z.boolean().default(false),
  addedAt: z.string(),
});
export type StoredOperator = z.infer<typeof StoredOperator>;
export type PublicOperator = Omit<StoredOperator, 'pinHash' | 'addedAt'>;

export interface OperatorChange {
  name?: string;
  pin?: string;
  /** '' goes back to the desk's language. */
  language?: string;
  retired?: boolean;
}

/** The list as it stands (who is signed in reads names from it). */
export interface OperatorList {
  list(): PublicOperator[];
}

/** What the desk needs of an operator list, wherever it is kept (this desk's file, the warehouse). */
export interface OperatorDirectory extends OperatorList {
  add(name: string, pin: string, language?: string): Promise<PublicOperator>;
  update(id: string, change: OperatorChange): Promise<PublicOperator>;
  /** The active operator with this badge, if any. */
  byBadge(badge: string): Promise<PublicOperator | undefined>;
  /** The active operator when the PIN is theirs. */
  checkPin(id: string, pin: string): Promise<PublicOperator | undefined>;
  /** Brings the list up to date where it is shared (the warehouse); false when it could not. */
  refresh(): Promise<boolean>;
}

export class OperatorError extends Error {
  constructor(
    readonly code: 'NO_SUCH_OPERATOR' | 'NAME_TAKEN' | 'WAREHOUSE_AWAY',
    message: string,
  ) {
    super(message);
  }
}

const FILE_FORMAT = 1;
const StoredFile = z.object({ format: z.literal(FILE_FORMAT), operators: z.array(StoredOperator) });

function newBadge(taken: ReadonlySet<string>): string {
  for (;;) {
    const body = [...randomBytes(BADGE_BODY_LENGTH)].map((b) => BADGE_ALPHABET[b % BADGE_ALPHABET.length]).join('');
    const badge = `${BADGE_PREFIX}${body}`;
    if (!taken.has(badge)) return badge;
  }
}

export const publicOf = ({ pinHash: _p, addedAt: _a, ...rest }: StoredOperator): PublicOperator => rest;

/** A new operator with a badge code not in `taken` and the PIN's salted hash. */
export function newOperator(name: string, pin: string, language: string | undefined, taken: ReadonlySet<string>, now: Date): StoredOperator {
  return { id: randomUUID(), name, badge: newBadge(taken), pinHash: hashPin(pin), ...(language ? { language } : {}), retired: false, addedAt: now.toISOString() };
}

/** The operator after a change (a new PIN is hashed here: the PIN itself goes no further). */
export function changedOperator(operator: StoredOperator, change: OperatorChange): StoredOperator {
  const next: StoredOperator = { ...operator };
  if (change.name !== undefined) next.name = change.name;
  if (change.pin !== undefined) next.pinHash = hashPin(change.pin);
  if (change.language !== undefined) {
    if (change.language) next.language = change.language;
    else delete next.language;
  }
  if (change.retired !== undefined) next.retired = change.retired;
  return next;
}

/** The desk's own list in a file: synchronous, and the desk's copy of the warehouse's list in warehouse mode. */
export class OperatorFile implements OperatorList {
  private operators: StoredOperator[];

  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.operators = this.load();
  }

  private load(): StoredOperator[] {
    if (!existsSync(this.path)) return [];
    try {
      return StoredFile.parse(JSON.parse(readFileSync(this.path, 'utf8'))).operators;
    } catch {
      // Never overwritten: kept aside so no operator is lost without a trace.
      const aside = `${this.path}.unreadable-${Date.now()}`;
      renameSync(this.path, aside);
      this.log(`The operators file ${this.path} could not be read; it was kept as ${aside} and a new list started.`);
      return [];
    }
  }

  private save(): void {
    writeFileDurably(this.path, `${JSON.stringify({ format: FILE_FORMAT, operators: this.operators }, null, 1)}\n`, 0o600);
  }

  private find(id: string): StoredOperator {
    const found = this.operators.find((o) => o.id === id);
    if (!found) throw new OperatorError('NO_SUCH_OPERATOR', `There is no operator ${id}.`);
    return found;
  }

  private nameFree(name: string, except?: string): void {
    const clash = this.operators.find((o) => o.id !== except && !o.retired && o.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (clash) throw new OperatorError('NAME_TAKEN', name);
  }

  list(): PublicOperator[] {
    return this.operators.map(publicOf);
  }

  /** Every operator with the PIN hash (for the warehouse's list; never for the screen). */
  records(): StoredOperator[] {
    return structuredClone(this.operators);
  }

  /** Takes another list as the whole list (the warehouse's), written to the file when it differs. */
  replace(records: readonly StoredOperator[]): boolean {
    const next = records.map((r) => StoredOperator.parse(r));
    if (JSON.stringify(next) === JSON.stringify(this.operators)) return false;
    this.operators = next;
    this.save();
    return true;
  }

  add(name: string, pin: string, language?: string): PublicOperator {
    this.nameFree(name);
    const operator = newOperator(name, pin, language, new Set(this.operators.map((o) => o.badge)), this.now());
    this.operators.push(operator);
    this.save();
    return publicOf(operator);
  }

  update(id: string, change: OperatorChange): PublicOperator {
    const operator = this.find(id);
    if (change.name !== undefined) this.nameFree(change.name, id);
    const next = changedOperator(operator, change);
    this.operators = this.operators.map((o) => (o.id === id ? next : o));
    this.save();
    return publicOf(next);
  }

  byBadge(badge: string): PublicOperator | undefined {
    const code = badge.trim().toUpperCase();
    const found = this.operators.find((o) => o.badge === code && !o.retired);
    return found && publicOf(found);
  }

  checkPin(id: string, pin: string): PublicOperator | undefined {
    const found = this.operators.find((o) => o.id === id && !o.retired);
    return found && pinMatches(pin, found.pinHash) ? publicOf(found) : undefined;
  }
}
