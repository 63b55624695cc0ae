// Push subscriptions and their file. The spec leaves subscription "not shown" and the public
// documentation says it is arranged with the marketplace outside the interface, for a receiver
// URL; the sandbox takes it through its control API instead. Subscriptions and the notifications
// not yet delivered are kept in push.json in the sandbox's state directory (0600: it holds the
// receivers' secrets), so a restart keeps both.
import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { NotificationEnvelope } from '../../../shared/api/notifications.js';
import { readJsonFile, writePrivateJsonFile } from '../../files/private-json-file.js';

/** Most receivers the sandbox delivers to at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;
/** Longest receiver URL accepted. */
export const MAX_RECEIVER_URL_LENGTH = 2000;
/** Largest CA certificate PEM accepted (a chain of a few certificates). */
export const MAX_CA_PEM_BYTES = 64 * 1024;
export const PUSH_STATE_FILE = 'push.json';

const HeaderName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'must be an HTTP header name, e.g. X-Receiver-Secret');

export const SubscribeBody = z.strictObject({
  url: z
    .string()
    .max(MAX_RECEIVER_URL_LENGTH)
    .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:', 'must be an https:// URL of the receiver (a secret path token may be part of it)'),
  caCert: z
    .string()
    .max(MAX_CA_PEM_BYTES)
    .refine(isCertificatePem, 'must be the PEM of the CA certificate that signed the receiver\'s certificate'),
  /** Only this seller's shipments; every seller's when absent. */
  sellerId: z.string().min(1).optional(),
  /** A header sent with every delivery, as the seller gave it (e.g. a shared secret). */
  secretHeader: z.strictObject({ name: HeaderName, value: z.string().min(1).max(1000) }).optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;

export interface Subscription extends SubscribeBody {
  subscriptionId: string;
  createdAt: string;
}

/** A notification waiting for its receiver's 2xx, in the order it must arrive. */
export const QueuedNotification = z.object({
  /** Order of emission across the sandbox; repeated by a duplicate. */
  seq: z.number().int(),
  envelope: NotificationEnvelope,
  /** Fault decisions taken at queueing (push-faults.ts). */
  duplicate: z.boolean().optional(),
  delayMs: z.number().int().optional(),
  /** Waits for the shipment's next notification and lets it go first (push-faults.ts reorderRate). */
  reorder: z.boolean().optional(),
});
export type QueuedNotification = z.infer<typeof QueuedNotification>;

const PushStateFile = z.object({
  format: z.literal(1),
  nextSubscription: z.number().int(),
  nextSeq: z.number().int(),
  subscriptions: z.array(
    z.object({
      subscription: SubscribeBody.extend({ subscriptionId: z.string(), createdAt: z.string() }),
      pending: z.array(QueuedNotification),
      delivered: z.number().int(),
      droppedByFault: z.number().int(),
    }),
  ),
});
export type PushStateFile = z.infer<typeof PushStateFile>;

function isCertificatePem(pem: string): boolean {
  try {
    return new X509Certificate(pem).ca;
  } catch {
    return false;
  }
}

/** The stored state, or undefined when the directory holds none; a broken file is refused in words. */
export function readPushState(dir: string): PushStateFile | undefined {
  const path = join(dir, PUSH_STATE_FILE);
  return readJsonFile(path, PushStateFile, `${path} is not a push subscription file; remove it (subscriptions are then lost) or use another state directory.`);
}

/** The secrets are never readable by others, not even between the write and the rename. */
export function writePushState(dir: string, state: PushStateFile): void {
  writePrivateJsonFile(join(dir, PUSH_STATE_FILE), state);
}

/** A subscription as the list route shows it: the secret header's value is never sent back. */
export function publicSubscription(s: Subscription): Record<string, unknown> {
  return {
    subscriptionId: s.subscriptionId,
    url: s.url,
    ...(s.sellerId ? { sellerId: s.sellerId } : {}),
    ...(s.secretHeader ? { secretHeader: { name: s.secretHeader.name } } : {}),
    createdAt: s.createdAt,
  };
}
