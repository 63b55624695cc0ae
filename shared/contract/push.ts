// Setup -> Live updates: a desk alone running the push receiver itself. The secret path token
// goes out once, in the answer of the save that made it (for the marketplace's subscription
// form), and never again: views say only whether one is stored.
import { z } from 'zod';
import { ReceiverHost } from '../settings.js';
import { command, event, KeyedSentence, NoArgs } from './define.js';

export const ReceiverForm = z.object({
  enabled: z.boolean(),
  port: z.number().int().min(1).max(65_535),
  host: ReceiverHost,
  certFile: z.string().trim().max(4096),
  keyFile: z.string().trim().max(4096),
  publicUrl: z.string().trim().max(2000),
});
export type ReceiverForm = z.infer<typeof ReceiverForm>;

export const ReceiverView = z.object({
  settings: ReceiverForm,
  /** Off; listening; could not start (problem says why); set but the desk follows its warehouse database; set from the environment. */
  state: z.enum(['off', 'listening', 'failed', 'warehouse', 'environment']),
  /** https://host:port without the token. */
  address: z.string().optional(),
  tokenStored: z.boolean(),
  /** Until when the certificate is valid (ISO). */
  certValidTo: z.string().optional(),
  lastNotificationAt: z.string().optional(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  problem: KeyedSentence.optional(),
  lastError: z.object({ at: z.string(), sentence: KeyedSentence }).optional(),
});
export type ReceiverView = z.infer<typeof ReceiverView>;

export const ReceiverCheck = z.object({ ok: z.boolean(), sentence: KeyedSentence });

export const pushCommands = {
  'push.receiver': command(NoArgs, ReceiverView, "This desk's push receiver: its settings and status (never the token)."),
  'push.receiver.check': command(ReceiverForm, ReceiverCheck, 'Checks the certificate and key files: readable, a matching pair, valid today.'),
  'push.receiver.save': command(
    ReceiverForm.extend({ newToken: z.boolean().optional() }),
    z.object({ view: ReceiverView, subscriptionUrl: z.string().optional() }),
    'Saves the receiver settings and starts or stops it at once; the subscription URL comes back only when its token was made now.',
  ),
} as const;

export const pushEvents = {
  'push.receiver.changed': event(ReceiverView, 'The receiver started, stopped, took or refused a notification.'),
} as const;
