// How the station contract is written down: every command is (arguments schema -> result
// schema), every event a payload schema. One definition serves the three transports (Electron
// IPC, the browser-mode WebSocket, the in-memory pair), the dispatcher that validates arguments
// before a service sees them, and the renderer's typed client.
import { z, type ZodType } from 'zod';

export interface CommandDef<A extends ZodType = ZodType, R extends ZodType = ZodType> {
  args: A;
  result: R;
  summary: string;
}

export interface EventDef<P extends ZodType = ZodType> {
  payload: P;
  summary: string;
}

export const command = <A extends ZodType, R extends ZodType>(args: A, result: R, summary: string): CommandDef<A, R> => ({ args, result, summary });
export const event = <P extends ZodType>(payload: P, summary: string): EventDef<P> => ({ payload, summary });

export const NoArgs = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

/**
 * A sentence the renderer can say in the desk's language: a catalogue key and its placeholders
 * (shared/i18n/locales). The English message travels beside it for logs, the command line and
 * a renderer that does not know the key.
 */
export const SentenceParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type SentenceParams = z.infer<typeof SentenceParams>;
/** A word said inside a phrase (a return's condition inside "(damaged, 2 photos)"). */
export const SentenceWord = z.object({ key: z.string().max(200), params: SentenceParams.optional() });
export type SentenceWord = z.infer<typeof SentenceWord>;
/** A phrase said inside a sentence in the same language (what came back, where and by whom). */
export const SentencePart = z.object({ key: z.string().max(200), params: SentenceParams.optional(), parts: z.record(z.string(), SentenceWord).optional() });
export type SentencePart = z.infer<typeof SentencePart>;
export const KeyedSentence = z.object({
  key: z.string().max(200),
  params: SentenceParams.optional(),
  /** Placeholders filled by phrases of the catalogue, said first in the same language. */
  parts: z.record(z.string(), SentencePart).optional(),
});
export type KeyedSentence = z.infer<typeof KeyedSentence>;

/**
 * Errors cross every transport as {code, message, sentence?, sentences?} and are rebuilt as
 * StationError. `sentences` says a refusal of several problems (a settings change), one each.
 */
export const WireError = z.object({ code: z.string(), message: z.string(), sentence: KeyedSentence.optional(), sentences: z.array(KeyedSentence).optional() });
export type WireError = z.infer<typeof WireError>;

export class StationError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly sentence?: KeyedSentence,
    /** Several problems said one after another, when the refusal has more than one sentence. */
    readonly sentences?: KeyedSentence[],
  ) {
    super(message);
    this.name = 'StationError';
  }
}

/** Codes the dispatcher itself answers with. */
export const CONTRACT_ERRORS = {
  unknownCommand: 'UNKNOWN_COMMAND',
  badArguments: 'BAD_ARGUMENTS',
  forbidden: 'FORBIDDEN',
  internal: 'INTERNAL',
  disconnected: 'DISCONNECTED',
} as const;
