// The one dispatcher of the main process: parses the message and the command's arguments with
// the contract's schemas before any service sees them, runs the handler, and turns every error
// into {code, message} in words. The same dispatcher serves IPC, the WebSocket and memory.
import { z } from 'zod';
import { commands, events, type CommandName, type EventName, type PayloadOf, type ResultOf } from '../../../shared/contract.js';
import { CONTRACT_ERRORS, StationError, type WireError } from '../../../shared/contract/define.js';
import { CallMessage, type EventMessage, type ReplyMessage } from '../../../shared/contract/wire.js';

export type Transport = 'ipc' | 'websocket' | 'memory';

export interface CallContext {
  transport: Transport;
}

export type Handler<C extends CommandName> = (args: z.output<(typeof commands)[C]['args']>, ctx: CallContext) => Promise<ResultOf<C>> | ResultOf<C>;
export type Handlers = { [C in CommandName]?: Handler<C> };

/** Turns any error into what crosses the wire; secrets never appear in these messages. */
export function toWireError(e: unknown): WireError {
  if (e instanceof StationError) return { code: e.code, message: e.message, ...(e.sentence ? { sentence: e.sentence } : {}), ...(e.sentences ? { sentences: e.sentences } : {}) };
  if (e instanceof z.ZodError) {
    const first = e.issues[0];
    const where = first?.path.length ? ` (${first.path.join('.')})` : '';
    return { code: CONTRACT_ERRORS.badArguments, message: `${first?.message ?? 'Invalid input'}${where}.` };
  }
  const err = e as { code?: unknown; message?: unknown; problems?: unknown; name?: string; sentence?: WireError['sentence']; sentences?: WireError['sentences'] };
  if (Array.isArray(err?.problems)) return { code: 'INVALID_SETTINGS', message: (err.problems as string[]).join(' '), ...(err.sentences ? { sentences: err.sentences } : {}) };
  if (err?.name === 'MarketplaceError') return { code: typeof err.code === 'string' ? err.code : 'MARKETPLACE', message: String(err.message), ...(err.sentence ? { sentence: err.sentence } : {}) };
  return { code: CONTRACT_ERRORS.internal, message: `Something went wrong inside the station: ${String(err?.message ?? e)}` };
}

export class Dispatcher {
  constructor(private readonly handlers: Handlers) {}

  async handle(raw: unknown, ctx: CallContext): Promise<ReplyMessage | undefined> {
    const parsed = CallMessage.safeParse(raw);
    if (!parsed.success) return undefined; // not a call: nothing to answer to
    const { id, command, args } = parsed.data;
    try {
      if (!Object.hasOwn(commands, command)) throw new StationError(CONTRACT_ERRORS.unknownCommand, `The station has no command "${command}".`);
      const def = commands[command as CommandName];
      const handler = this.handlers[command as CommandName] as Handler<CommandName> | undefined;
      if (!handler) throw new StationError(CONTRACT_ERRORS.unknownCommand, `"${command}" is not available in this build.`);
      const input = def.args.parse(args ?? {});
      const value = def.result.parse(await handler(input as never, ctx));
      return { t: 'reply', id, ok: true, value };
    } catch (e) {
      return { t: 'reply', id, ok: false, error: toWireError(e) };
    }
  }
}

/** Events from the services to every connected renderer, validated against the contract. */
export class EventHub {
  private readonly listeners = new Set<(message: EventMessage) => void>();

  emit<E extends EventName>(name: E, payload: PayloadOf<E>): void {
    const message: EventMessage = { t: 'event', name, payload: events[name].payload.parse(payload) };
    for (const fn of this.listeners) fn(message);
  }

  subscribe(listener: (message: EventMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export type { ResultOf };
