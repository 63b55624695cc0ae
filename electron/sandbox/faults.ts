// Fault injection for the sandbox (POST /sandbox/faults): latency, random failures of both kinds
// the station must survive, "commit but drop the answer" for testing idempotent retries, and
// "commit but garble the answer" (a 200 whose body does not parse).
// Plugged into the pipeline through PipelineHooks.fault. Randomness comes from a seeded PRNG so
// that a failing test can be replayed with the same sequence of faults.
import { z } from 'zod';
import type { FaultDecision } from './http/server.js';
import { createRng, type Rng } from './world/rng.js';

/** Upper bounds that keep a mistyped control call from hanging the sandbox for hours. */
export const MAX_FAULT_LATENCY_MS = 60_000;
export const MAX_DROP_COUNT = 1000;

/** Operation name as operationName() in http/router.ts gives it: 'POST /v3/shipments/labels'. */
const OperationName = z.string().regex(/^(GET|POST|PUT|DELETE) \/\S*$/, 'an operation is "METHOD /path/template", e.g. "POST /v3/shipments/labels"');

export const FaultConfig = z.strictObject({
  latencyMs: z.number().int().min(0).max(MAX_FAULT_LATENCY_MS).optional(),
  /**
   * Server time of one shipment-search page (first page or nextPageUrl), on top of latencyMs: a
   * real marketplace spends time filtering and sorting each page, which a parallel client
   * overlaps and a sequential one pays page after page.
   */
  searchPageMs: z.number().int().min(0).max(MAX_FAULT_LATENCY_MS).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  errorKind: z.enum(['5xx', 'DEPENDENT_SYSTEM_CALL_FAILED']).optional(),
  /** Operations the latency and error rate apply to; all but the control API when absent. */
  operations: z.array(OperationName).optional(),
  dropResponses: z.strictObject({ operation: OperationName, count: z.number().int().min(1).max(MAX_DROP_COUNT) }).optional(),
  /** The next `count` calls of the operation take effect and are answered 200 with a body cut short (not JSON). */
  garbleResponses: z.strictObject({ operation: OperationName, count: z.number().int().min(1).max(MAX_DROP_COUNT) }).optional(),
});
export type FaultConfig = z.infer<typeof FaultConfig>;

export interface FaultInjector {
  readonly config: FaultConfig;
  /** Replaces the whole configuration; `{}` clears every fault. */
  configure(config: FaultConfig): void;
  decide(operation: string): Promise<FaultDecision>;
}

/** The two operations that answer one page of a shipment search (spec § POST /v3/shipments/filter/, sdk-facts § 4). */
const SEARCH_PAGE_OPERATIONS = new Set(['POST /v3/shipments/filter', 'GET /v3/shipments/filter']);

/** Operations that never fail: the control API must stay usable to switch faults off again. */
function isExempt(operation: string): boolean {
  const path = operation.slice(operation.indexOf(' ') + 1);
  return path.startsWith('/sandbox/') || path === '/sandbox' || path.startsWith('/swagger/');
}

export function createFaultInjector(seed: number, sleep: (ms: number) => Promise<void> = defaultSleep): FaultInjector {
  let config: FaultConfig = {};
  let rng: Rng = createRng(seed);
  let dropsLeft = 0;
  let garblesLeft = 0;

  return {
    get config() {
      return {
        ...config,
        ...(config.dropResponses ? { dropResponses: { ...config.dropResponses, count: dropsLeft } } : {}),
        ...(config.garbleResponses ? { garbleResponses: { ...config.garbleResponses, count: garblesLeft } } : {}),
      };
    },
    configure(next) {
      config = next;
      dropsLeft = next.dropResponses?.count ?? 0;
      garblesLeft = next.garbleResponses?.count ?? 0;
      // Re-seeding on every change makes "configure, then run" reproducible run after run.
      rng = createRng(seed);
    },
    async decide(operation) {
      if (isExempt(operation)) return { kind: 'none' };
      const applies = !config.operations || config.operations.includes(operation);
      const delay = (applies ? (config.latencyMs ?? 0) : 0) + (SEARCH_PAGE_OPERATIONS.has(operation) ? (config.searchPageMs ?? 0) : 0);
      if (delay > 0) await sleep(delay);
      if (config.dropResponses && dropsLeft > 0 && config.dropResponses.operation === operation) {
        dropsLeft -= 1;
        return { kind: 'drop' };
      }
      if (config.garbleResponses && garblesLeft > 0 && config.garbleResponses.operation === operation) {
        garblesLeft -= 1;
        return { kind: 'garble' };
      }
      if (applies && config.errorRate && rng.next() < config.errorRate) return errorDecision(config.errorKind ?? '5xx', operation);
      return { kind: 'none' };
    },
  };
}

function errorDecision(kind: '5xx' | 'DEPENDENT_SYSTEM_CALL_FAILED', operation: string): FaultDecision {
  if (kind === '5xx') {
    return {
      kind: 'error',
      result: { status: 503, json: { code: 'SERVICE_UNAVAILABLE', message: `The marketplace is unavailable (injected fault on ${operation}); retry later.` } },
    };
  }
  // The orderError body shape (http/route.ts): the spec names DEPENDENT_SYSTEM_CALL_FAILED as
  // "an internal system failed" (spec § Errors); its HTTP status is not shown, 500 is our choice.
  const message = `An internal marketplace system failed (injected fault on ${operation}).`;
  return {
    kind: 'error',
    result: {
      status: 500,
      json: { code: 'DEPENDENT_SYSTEM_CALL_FAILED', message, errors: [{ severity: 'ERROR', code: 'DEPENDENT_SYSTEM_CALL_FAILED', description: message }] },
    },
  };
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
