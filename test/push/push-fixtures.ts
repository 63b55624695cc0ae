// Notifications as the marketplace posts them, and a poster over real HTTPS that trusts the
// receiver's throwaway CA by pinning it (never by turning verification off).
import { Agent, fetch } from 'undici';
import type { NotificationEnvelope, NotificationType } from '../../shared/api/notifications.js';
import { generateTls, type SandboxTls } from '../../electron/sandbox/tls.js';

export const receiverTls = (): Promise<SandboxTls> => generateTls();

export function envelope(shipmentId: string, eventType: NotificationType, attributes: Record<string, unknown>, timestamp = '2026-11-24T10:00:00+05:30'): NotificationEnvelope {
  return { shipmentId, eventType, source: 'marketplace', version: 'v3', timestamp, attributes };
}

export interface Poster {
  post(url: string, body: unknown, init?: { method?: string; contentType?: string; raw?: string }): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export function poster(caCert: string): Poster {
  const agent = new Agent({ connect: { ca: caCert } });
  return {
    async post(url, body, init = {}) {
      const res = await fetch(url, {
        method: init.method ?? 'POST',
        headers: { 'content-type': init.contentType ?? 'application/json' },
        body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
        dispatcher: agent,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    close: () => agent.close(),
  };
}

/** An instant as the envelope writes it: ISO with milliseconds in IST (+05:30). */
export function istTimestamp(at: Date | string): string {
  const shifted = new Date(new Date(at).getTime() + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 23)}+05:30`;
}
