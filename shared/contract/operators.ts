// Commands and events of operators: the desk's list (Setup -> Operators), badges, and who is
// signed in at the desk. No PIN and no PIN hash ever crosses: a PIN goes in, never comes back.
import { z } from 'zod';
import { MAX_OPERATOR_NAME, PIN_PATTERN } from '../operators.js';
import { command, event, NoArgs, Ok } from './define.js';

export const OperatorView = z.object({
  id: z.string(),
  name: z.string(),
  badge: z.string(),
  /** Their own language (a catalogue name); absent: the desk's. */
  language: z.string().optional(),
  retired: z.boolean(),
});
export type OperatorView = z.infer<typeof OperatorView>;

export const OperatorsView = z.object({
  operators: z.array(OperatorView),
  signedIn: OperatorView.optional(),
});
export type OperatorsView = z.infer<typeof OperatorsView>;

const Name = z.string().trim().min(1, 'Give the operator a name.').max(MAX_OPERATOR_NAME, `A name can have at most ${MAX_OPERATOR_NAME} characters.`);
const Pin = z.string().regex(PIN_PATTERN, 'A PIN has 4 to 8 digits.');
const Language = z.string().regex(/^([a-z]{2,3}(-[A-Z]{2})?|pseudo)?$/);

export const operatorsCommands = {
  'operators.list': command(NoArgs, OperatorsView, 'The desk operators and who is signed in.'),
  'operators.add': command(z.object({ name: Name, pin: Pin, language: Language.optional() }), OperatorsView, 'Add an operator with a PIN; a badge code is made for them.'),
  'operators.update': command(
    z.object({ id: z.string().min(1), name: Name.optional(), pin: Pin.optional(), language: Language.optional(), retired: z.boolean().optional() }),
    OperatorsView,
    'Rename, change the PIN or language, retire or bring back an operator.',
  ),
  'operators.printBadge': command(z.object({ id: z.string().min(1) }), z.object({ jobId: z.string(), printer: z.string() }), "Print an operator's badge on the label printer."),
  'operators.signIn': command(
    z.union([z.object({ badge: z.string().min(1).max(64) }), z.object({ id: z.string().min(1), pin: z.string().max(16) })]),
    OperatorsView,
    'Sign in at the desk by badge, or by name and PIN.',
  ),
  'operators.active': command(NoArgs, Ok, 'The signed-in operator is at the desk: their sign-in outlives a restart until the idle minutes run out.'),
  'operators.signOut': command(z.object({ reason: z.enum(['button', 'key', 'idle']) }), OperatorsView, 'Sign the operator out of the desk.'),
} as const;

export const operatorsEvents = {
  'operators.changed': event(OperatorsView, 'The operators or the signed-in operator changed.'),
} as const;
