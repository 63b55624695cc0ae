// Who is signed in at this desk. The operator's id (never a PIN) and when they were last active
// are kept with the desk's settings, so a restart of the app signs them back in, unless the idle
// time set in Setup -> Operators ran out meanwhile (an idle timeout or a sign-out ends it, as it
// would have had the app been running). The name is read from the directory each time, so a
// rename shows at once and a retired operator is signed out.
import type { OperatorList, PublicOperator } from './operator-directory.js';

export type SignOutReason = 'button' | 'key' | 'idle';

/** The signed-in operator as the desk keeps it across restarts. */
export interface KeptSignIn {
  id: string;
  /** ISO time of the last activity reported. */
  activeAt: string;
}

/** Where the sign-in is kept (the desk's settings) and the idle rule that ends it. */
export interface SignInMemory {
  read(): KeptSignIn | undefined;
  write(kept: KeptSignIn | undefined): void;
  /** Setup -> Operators' idle minutes; 0: never. */
  idleMinutes(): number;
}

/**
 * Activity is written at most this often: a sign-in restored after a restart may have been idle
 * up to this much longer than the setting (minutes matter here, not seconds), and the settings
 * file is not rewritten on every scan.
 */
export const ACTIVITY_WRITE_MS = 60_000;

export class DeskSignIn {
  private id: string | undefined;
  private writtenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly directory: OperatorList,
    private readonly onChange: () => void,
    private readonly memory?: SignInMemory,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.restore();
  }

  private restore(): void {
    const kept = this.memory?.read();
    if (!kept) return;
    const idle = this.memory!.idleMinutes();
    const since = this.now().getTime() - Date.parse(kept.activeAt);
    const operator = this.directory.list().find((o) => o.id === kept.id && !o.retired);
    if (operator && (idle === 0 || since < idle * 60_000)) {
      this.id = kept.id;
      this.writtenAt = Date.parse(kept.activeAt);
    } else {
      // Timed out while the app was closed, or retired meanwhile: signed out for good.
      this.memory!.write(undefined);
    }
  }

  private keep(): void {
    const at = this.now();
    this.writtenAt = at.getTime();
    this.memory?.write(this.id ? { id: this.id, activeAt: at.toISOString() } : undefined);
  }

  current(): PublicOperator | undefined {
    if (!this.id) return undefined;
    const found = this.directory.list().find((o) => o.id === this.id);
    return found && !found.retired ? found : undefined;
  }

  signIn(operator: PublicOperator): void {
    this.id = operator.id;
    this.keep();
    this.onChange();
  }

  /** The operator is at the desk (a key, a scan): their sign-in outlives a restart a while longer. */
  active(): void {
    if (!this.id || this.now().getTime() - this.writtenAt < ACTIVITY_WRITE_MS) return;
    this.keep();
  }

  /** The list and who is signed in, as the contract carries them (no PIN hash). */
  view(): { operators: PublicOperator[]; signedIn?: PublicOperator } {
    const signedIn = this.current();
    return { operators: this.directory.list(), ...(signedIn ? { signedIn } : {}) };
  }

  signOut(): void {
    if (this.id === undefined) return;
    this.id = undefined;
    this.keep();
    this.onChange();
  }
}
