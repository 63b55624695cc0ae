// The whole warehouse's Activity in the desk's language, against a real PostgreSQL: a refused
// scan shipped by a desk's outbox keeps its reason as catalogue keys, a search in Hindi finds the
// Hindi words the screen shows, and a stopped database is said as a keyed sentence, not a stack.
import { describe, expect, it } from 'vitest';
import { boardHandlers, ACTIVITY_UNREADABLE } from '../../electron/station/app/handlers/board-handlers.js';
import { Dispatcher } from '../../electron/station/app/dispatcher.js';
import { openBoardSource } from '../../electron/station/warehouse/board-source.js';
import { warehouseActivity } from '../../electron/station/warehouse/board-activity.js';
import { englishSentence, keyed } from '../../shared/i18n/station-sentences.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

describe.runIf(requirePostgres())("the whole warehouse's activity in the desk's language", () => {
  const wh = useWarehouseDatabase();

  it("finds a refused scan by the Hindi words of its reason, and says a stopped database in the desk's language", async () => {
    const url = wh.url;
    const pool = wh.pool();
    const desk = await recordingDesk(pool, 'Desk 2', manualClock(new Date('2026-11-24T05:00:00Z')));
    const reason = keyed('station.pack.wrongItem', { code: 'WRONG-SKU-3', id: 'SH-W1' });
    try {
      const session = await desk.open('Ravi', 'SH-W1');
      await desk.journal.appendScan({ sessionId: 'Desk 2-session-1', raw: 'WRONG-SKU-3', kind: 'sku', value: 'WRONG-SKU-3', refused: englishSentence(reason), refusedSentences: [reason] });
      await session.close('put-aside');
      await desk.ship();

      const hindi = 'इसे वापस रखें';
      const found = await warehouseActivity(pool, { limit: 50, text: hindi, language: 'hi' });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ desk: 'Desk 2', kind: 'scan.refused', reasons: [reason] });
      expect(await warehouseActivity(pool, { limit: 50, text: hindi, language: 'en' })).toEqual([]);
      // Its English words and its ids still find it in any language.
      expect(await warehouseActivity(pool, { limit: 50, text: 'put it back', language: 'hi' })).toHaveLength(1);

      // The contract handler, over a board opened on the database, which then stops.
      const source = await openBoardSource({ connection: { url, connectTimeoutMs: 2_000 } });
      // Through the dispatcher, as a page asks: the answer and the refusal cross the contract's schemas.
      const dispatcher = new Dispatcher(boardHandlers({ source: async () => source, enabled: () => true }));
      const activity = async (args: Record<string, unknown>) => {
        const reply = await dispatcher.handle({ t: 'call', id: 1, command: 'warehouse.activity', args }, { transport: 'memory' });
        if (!reply?.ok) throw reply?.error;
        return reply.value as { entries: { kind: string }[] };
      };
      let stopped = false;
      try {
        const live = await activity({ text: hindi, limit: 50, language: 'hi' });
        expect(live.entries.map((e) => e.kind)).toEqual(['scan.refused']);
        wh.cluster.stop();
        stopped = true;
        const failure = await Promise.resolve(activity({ limit: 50, language: 'hi' })).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(failure).toMatchObject({ code: ACTIVITY_UNREADABLE, sentence: { key: 'activity.warehouseUnreadable' } });
        // The English words for the log keep the driver's own reason.
        expect((failure as { message: string }).message).toMatch(/^The warehouse database did not answer.*\(.+\)$/);
      } finally {
        if (stopped) wh.cluster.start();
        await source.stop();
      }
    } finally {
      await desk.close();
    }
  });
});
