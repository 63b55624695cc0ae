// Contract handlers of Setup -> Warehouse and of the lead's claim release. Saving takes effect at
// once: the settings change rebuilds the warehouse link (warehouse-link.ts) and the desk with it.
// The password goes into the secret store and never comes back in any answer or event.
import { StationError } from '../../../../shared/contract/define.js';
import type { WarehouseForm } from '../../../../shared/contract/warehouse-desk.js';
import { SettingsError } from '../../settings/settings-store.js';
import { testWarehouseConnection } from '../../warehouse/connection-test.js';
import { englishSentence, keyed, keyedError, said } from '../../../../shared/i18n/station-sentences.js';
import { releasedSentence } from '../../warehouse/holder-words.js';
import { splitWarehousePassword, storeWarehouseAddress } from '../../warehouse/warehouse-config.js';
import { warehousePasswordFor } from '../../warehouse/warehouse-password.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';

function needLink(ctx: StationAppContext) {
  const link = ctx.warehouse;
  if (!link) throw keyedError('NO_WAREHOUSE', 'warehouse.db.noWarehouseBuild');
  return link;
}

export function warehouseHandlers(ctx: StationAppContext): Handlers {
  return {
    'warehouse.link': () => needLink(ctx).view(),
    'warehouse.save': async (args) => {
      const link = needLink(ctx);
      const form = args as WarehouseForm;
      const deskName = form.deskName.trim();
      if (form.url.trim() && !deskName) throw keyedError('INVALID_SETTINGS', 'warehouse.db.needDeskName');
      let url: string;
      try {
        // A typed password is kept as a secret; one inside the address is taken out of it first.
        url = form.url.trim() ? storeWarehouseAddress(form.url, form.password || undefined, ctx.secrets) : '';
      } catch (e) {
        throw new StationError('INVALID_SETTINGS', (e as Error).message, (e as StationError).sentence);
      }
      try {
        const current = ctx.settings.get();
        ctx.settings.update({ warehouse: { url, sslMode: form.sslMode, caFile: form.caFile.trim(), registration: form.registration }, desk: { ...current.desk, name: deskName || current.desk.name } } as never);
      } catch (e) {
        if (e instanceof SettingsError) throw e.toStationError();
        throw e;
      }
      // A new password alone changes no setting: reconnect so it is used now (and a forgotten one is no longer).
      if (form.password) await link.reconnect();
      else await link.settingsChanged();
      return link.view();
    },
    'warehouse.test': async (args) => {
      const form = args as WarehouseForm;
      if (!form.url.trim()) {
        const first = keyed('warehouse.db.typeAddress');
        return { ok: false, text: englishSentence(first), sentence: first };
      }
      const split = splitWarehousePassword(form.url.trim());
      // The stored password only for the server it was entered for: a test of another address never sends it.
      const password = form.password || split.password || warehousePasswordFor(ctx.secrets, split.url);
      return testWarehouseConnection({
        url: split.url,
        ...(password ? { password } : {}),
        ...(form.sslMode !== 'auto' ? { sslMode: form.sslMode } : {}),
        ...(form.caFile.trim() ? { caFile: form.caFile.trim() } : {}),
      });
    },
    'claims.release': async ({ shipmentId }) => {
      const desk = needLink(ctx).current();
      if (!desk) throw keyedError('NO_WAREHOUSE', 'warehouse.db.notWarehouseDesk');
      const lead = ctx.who().operator;
      const released = await desk.claims.releaseByLead(shipmentId, lead);
      if (!released) return { released: false, ...said(keyed('warehouse.claim.notHeld', { id: shipmentId })) };
      return { released: true, ...said(releasedSentence(released)) };
    },
  };
}
