// The messages every transport carries, validated on receipt: a renderer or a web page can send
// anything, so nothing is trusted before it parses.
import { z } from 'zod';
import { WireError } from './define.js';

export const CallMessage = z.object({ t: z.literal('call'), id: z.number().int().nonnegative(), command: z.string().min(1).max(100), args: z.unknown() });
export const ReplyMessage = z.discriminatedUnion('ok', [
  z.object({ t: z.literal('reply'), id: z.number().int(), ok: z.literal(true), value: z.unknown() }),
  z.object({ t: z.literal('reply'), id: z.number().int(), ok: z.literal(false), error: WireError }),
]);
export const EventMessage = z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() });

export type CallMessage = z.infer<typeof CallMessage>;
export type ReplyMessage = z.infer<typeof ReplyMessage>;
export type EventMessage = z.infer<typeof EventMessage>;

export const ToMainMessage = CallMessage;
export const ToRendererMessage = z.union([ReplyMessage, EventMessage]);

export { IPC_PREFIX, IPC_CALL, IPC_EVENT } from './ipc-channels.js';
