// The journal as an audit trail (issue "packing desk app", screen 8).
import { z } from 'zod';
import { command } from './define.js';

export const ActivityEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.string(),
  text: z.string(),
  shipmentIds: z.array(z.string()),
  operator: z.string().optional(),
  status: z.string().optional(),
});

export const ActivityStats = z.object({
  shifts: z.array(z.object({ label: z.string(), packs: z.number().int(), scans: z.number().int(), errors: z.number().int() })),
  packsPerHour: z.array(z.object({ hour: z.string(), packs: z.number().int() })),
});

export const activityCommands = {
  'activity.search': command(z.object({ text: z.string().max(100).optional(), from: z.string().optional(), to: z.string().optional(), limit: z.number().int().min(1).max(2000).default(200) }), z.array(ActivityEntry), 'Search the audit trail.'),
  'activity.stats': command(z.object({ day: z.string().optional() }), ActivityStats, 'Counts per shift and packs per hour.'),
} as const;
