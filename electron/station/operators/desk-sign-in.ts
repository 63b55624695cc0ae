// Who is signed in at this desk. Held in memory only: a restart (like an idle timeout) signs the
// operator out, and the next person signs in with their badge or PIN. The name is read from the
// directory each time, so a rename shows at once and a retired operator is signed out.
import type { OperatorDirectory, PublicOperator } from './operator-directory.js';

export type SignOutReason = 'button' | 'key' | 'idle';

export class DeskSignIn {
  private id: string | undefined;

  constructor(
    private readonly directory: OperatorDirectory,
    private readonly onChange: () => void,
  ) {}

  current(): PublicOperator | undefined {
    if (!this.id) return undefined;
    const found = this.directory.list().find((o) => o.id === this.id);
    return found && !found.retired ? found : undefined;
  }

  signIn(operator: PublicOperator): void {
    this.id = operator.id;
    this.onChange();
  }

  /** The list and who is signed in, as the contract carries them (no PIN hash). */
  view(): { operators: PublicOperator[]; signedIn?: PublicOperator } {
    const signedIn = this.current();
    return { operators: this.directory.list(), ...(signedIn ? { signedIn } : {}) };
  }

  signOut(): void {
    if (this.id === undefined) return;
    this.id = undefined;
    this.onChange();
  }
}
