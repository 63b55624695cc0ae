// The desktop app's station: every service of the main process built once from injected pieces
// (settings and secret stores, fetch, printer backend, serial opener, and in demo mode the
// embedded sandbox and device simulators), exposed to the contract handlers as one AppContext.
// The same composition runs in Electron (electron/main.ts), in browser mode (electron/host) and
// in tests; none of it imports Electron or the sandbox: they come in as parameters.
import { join } from 'node:path';
import { StationError } from '../../../shared/contract/define.js';
import type { SignInView } from '../../../shared/contract/setup.js';
import type { StationSettings } from '../../../shared/settings.js';
import type { MarketplaceClient } from '../api/client.js';
import { createNodeFetch } from '../api/http.js';
import { packedNotDispatched } from '../composition/run-marker.js';
import { BarcodeCatalogue } from '../catalogue/barcode-catalogue.js';
import { CatalogueFile } from '../catalogue/catalogue-file.js';
import { dataPaths } from '../composition/data-dir.js';
import { listSerialPorts, openSerialPort } from '../devices/serial-port-opener.js';
import { Journal } from '../journal/journal.js';
import { InvoiceSeries } from '../packing/invoice-series.js';
import type { Clock } from '../packing/ist-dates.js';
import { PackDesk } from '../packing/pack-desk.js';
import { ProductFactsCache } from '../packing/product-facts.js';
import { reconcileOpenIntents } from '../packing/reconcile.js';
import { DeviceManager } from './device-manager.js';
import { Dispatcher, EventHub } from './dispatcher.js';
import { allHandlers } from './handlers/index.js';
import { deskDepsFrom } from './handlers/desk-deps.js';
import { followDeskWithDemoScale } from './demo-scale.js';
import { MarketplaceSession } from './marketplace-session.js';
import { PrintService } from './print-service.js';
import { deskOperators } from './desk-operators.js';
import { packDocumentPrinter } from './pack-documents.js';
import { ParcelsAsPacked } from '../packing/parcels-as-packed.js';
import type { StationAppContext } from './station-app-context.js';
import { videoHandlers } from './handlers/video-handlers.js';
import { boardHandlers, deskBoard, deskReportState } from './handlers/board-handlers.js';
import { startDeskReports } from '../warehouse/desk-presence-reports.js';
import { createStationVideo } from '../video/station-video.js';
import { ClaimStore } from '../returns/claim-store.js';
import type { VideoService } from '../video/video-service.js';
import { WarehouseLink } from './warehouse-link.js';
import { stationPushes } from '../push/station-pushes.js';
import { pgListeners } from '../warehouse/pg-listener.js';
import { pushReceiverHandlers } from './handlers/push-receiver-handlers.js';

export type { DemoMarketplace, FetchFor } from './marketplace-session.js';

export { DEMO_DEVICE_ID_PREFIX, type AppStation, type AppStationOptions, type DemoProviders, type DemoSimulators } from './app-station-options.js';
import { DEMO_DEVICE_ID_PREFIX, type AppStation, type AppStationOptions, type DemoSimulators } from './app-station-options.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createAppStation(options: AppStationOptions): AppStation {
  const { settings, secrets, dataDir } = options;
  const log = options.log ?? (() => undefined);
  const hub = new EventHub();
  const session = new MarketplaceSession({
    settings,
    secrets,
    fetchFor: options.fetchFor ?? ((caPem) => createNodeFetch({ caPem })),
    // A token renewed (or found expired) inside any call changes the sign-in every window shows.
    tokensChanged: () => void announceSignIn().catch(() => undefined),
  });
  const clock: Clock = options.clock ?? { now: () => new Date(session.now()) };
  const printing = new PrintService({
    dataDir,
    settings,
    hub,
    clock: () => clock.now(),
    platform: options.printerBackend,
    folderDir: options.printFolder ?? join(dataDir, 'printed'),
    pollIntervalMs: options.printPollIntervalMs,
  });
  const devices = new DeviceManager({ hub, open: options.openSerial ?? openSerialPort, reconnectIntervalMs: options.deviceReconnectIntervalMs });

  let journal: Journal | undefined;
  let simulators: DemoSimulators | undefined;
  let invoices: { key: string; series: InvoiceSeries } | undefined;
  let facts: { client: MarketplaceClient; cache: ProductFactsCache } | undefined;
  let desk: { key: unknown[]; desk: PackDesk } | undefined;
  let restoring: Promise<void> | undefined;
  let barcodes: BarcodeCatalogue | undefined;
  let claims: ClaimStore | undefined;

  // The desk's operators and who is packing (desk-operators.ts).
  const { operators, deskSignIn, who } = deskOperators({
    settings,
    clock,
    log,
    operatorsFile: dataPaths(dataDir).operators,
    warehouse: () => {
      const link = warehouse.current();
      return link && { pool: link.pool, online: link.status().online };
    },
    changed: (view) => hub.emit('operators.changed', view),
  });

  // One LISTEN connection per warehouse database, shared by the board and the push feed.
  const listeners = pgListeners(log);
  // Push notifications (push/): the queue, the labels and the pack desk follow them.
  const push = stationPushes({ clock, journal: () => context.journal, who, client: () => session.client(), dataDir, secrets, env: options.env ?? process.env, log, announce: options.announce, reconcileMs: options.pushReconcileMs, listeners, receiverSettings: () => settings.get().pushReceiver, onReceiverChange: () => hub.emit('push.receiver.changed', push.receiver.view(settings.get().pushReceiver, secrets)) });

  // Follows the journal (read once at the first print, then only what was added).
  const parcels = new ParcelsAsPacked({ recordsSince: (after, cursor) => context.journal.recordsSince(after, cursor) });
  const warehouse = new WarehouseLink({
    dataDir,
    settings,
    secrets,
    clock,
    journal: () => context.journal,
    env: options.env ?? process.env,
    cliUrl: options.warehouseUrl,
    onSecret: options.onSecret,
    tuning: options.warehouseTuning,
    log,
    onStatus: () => hub.emit('warehouse.changed', warehouse.view()),
    // The lead's board sees this desk: who packs, the open shipment, printer trouble, the backlog.
    reports: (pool, deskName, deskId) => startDeskReports({ pool, desk: deskName, deskId, hub, read: () => deskReportState(context) }),
    pushes: (pool, connection) => push.followWarehouse(pool, connection),
    onChange: () => {
      hub.emit('warehouse.changed', warehouse.view());
      void operators.refresh();
      // The desk is rebuilt on its next use with the new link; the open session is restored on it.
      if (desk) void restoreDesk();
    },
  });

  let leftUndoneAtStart: string[] = [];
  const context: StationAppContext = {
    leftUndone: () => leftUndoneAtStart,
    hub,
    clock,
    settings,
    secrets,
    get journal(): Journal {
      if (!journal) throw new StationError('NOT_STARTED', 'The station is still starting. Try again in a moment.');
      return journal;
    },
    marketplace: () => session.client(),
    isSandbox: () => session.isSandbox(),
    locationId: () => {
      const id = settings.get().locationId;
      if (!id) throw new StationError('NO_LOCATION', 'No seller location is chosen for this desk. Choose one in Settings → Desk.');
      return id;
    },
    who,
    warehouse,
    warehouseClaims: () => warehouse.claims(),
    // Warehouse mode: the shared series of the registration (with the desk's outage block).
    numbering: () => warehouse.current()?.invoices ?? context.invoices(),
    operators,
    deskSignIn,
    invoices: () => {
      const s = settings.get().invoiceSeries;
      const key = JSON.stringify(s);
      // A new prefix or invoicing choice reopens the series; the counters on disk carry on.
      if (invoices?.key !== key) invoices = { key, series: InvoiceSeries.open({ dir: dataPaths(dataDir).invoices, clock, prefix: s.prefix, autoInvoicing: s.autoInvoicing }) };
      return invoices.series;
    },
    facts: () => {
      const client = session.client();
      if (facts?.client !== client) facts = { client, cache: new ProductFactsCache((skus) => client.listings.get(skus)) };
      return facts.cache;
    },
    barcodes: () => (barcodes ??= new BarcodeCatalogue(new CatalogueFile(dataPaths(dataDir).barcodes, log))),
    claims: () => (claims ??= new ClaimStore({ dir: join(dataDir, 'returns'), exportDir: join(dataDir, 'claim-exports'), clock, language: () => settings.get().language })),
    desk: () => {
      const s = settings.get();
      const client = session.client();
      const key = [client, context.locationId(), s.rtdPolicy, s.taxTransitionYear, JSON.stringify(s.desk), who().operator, context.numbering!(), context.journal, warehouse.current()];
      if (desk && desk.key.length === key.length && desk.key.every((k, i) => k === key[i])) return desk.desk;
      // The same dependencies the desk handlers use for dispatch, plus the change feed for the UI.
      const next = new PackDesk({
        ...deskDepsFrom(context),
        typedCounts: () => settings.get().scan.typedCounts,
        onChange: (view) => {
          followWeight(view.session !== undefined);
          demoScale(view);
          hub.emit('desk.changed', view);
        },
      });
      const first = desk === undefined;
      desk = { key, desk: next };
      // A desk rebuilt by a settings change picks up the session the journal still holds open.
      if (!first) void restoreDesk();
      return next;
    },
    printQueue: printing.queue,
    print: (role, pdf, title) => printing.print(role, pdf, title),
    parcels,
    labelPrinter: () =>
      packDocumentPrinter({ printing, parcels, client: () => session.client(), invoicePrinting: () => settings.get().printing.invoices, facts: (sku) => context.facts().of(sku), packedBy: () => who(), language: () => settings.get().language }),
    devices,
    version: options.version ?? '0.0.0',
    session,
    printing,
    deviceManager: devices,
    listPorts: options.listPorts ?? listSerialPorts,
    useSandbox: async () => {
      await startDemo();
      return announceSignIn();
    },
    announceSignIn: (view) => announceSignIn(view),
    pushes: push.pushes,
  };

  // Polling scales are asked for a weight only while a shipment is open at the desk (issue
  // "desk hardware": "poll only while a packing step wants a weight"); continuous scales send
  // regardless, so this costs them nothing.
  const demoScale = followDeskWithDemoScale(() => simulators?.scale);
  let releaseWeight: (() => void) | undefined;
  function followWeight(sessionOpen: boolean): void {
    if (sessionOpen && !releaseWeight) releaseWeight = devices.wantWeight();
    else if (!sessionOpen && releaseWeight) {
      releaseWeight();
      releaseWeight = undefined;
    }
  }

  async function announceSignIn(given?: SignInView): Promise<SignInView> {
    const view = given ?? (await session.view());
    hub.emit('auth.changed', view);
    return view;
  }

  async function startDemo(): Promise<void> {
    const demo = options.demo;
    if (!demo) throw new StationError('NO_SANDBOX', 'This build of the station has no embedded sandbox marketplace.');
    if (!session.demoMarketplace) session.setDemo(await demo.startMarketplace());
    await session.signInDemo();
    if (demo.startSimulators && !simulators) {
      simulators = await demo.startSimulators();
      // The simulators' ports change from run to run: their profiles replace the ones of the last run.
      const ids = new Set(simulators.profiles.map((p) => p.id));
      const kept = settings.get().deviceProfiles.filter((p) => !ids.has(p.id));
      settings.update({ deviceProfiles: [...kept, ...simulators.profiles] });
    }
  }

  /** The simulated devices belong to the Sandbox: a real marketplace's desk has real ones. */
  async function leaveDemoDevices(): Promise<void> {
    const running = simulators;
    simulators = undefined;
    const profiles = settings.get().deviceProfiles;
    const kept = profiles.filter((p) => !String(p.id ?? '').startsWith(DEMO_DEVICE_ID_PREFIX));
    if (kept.length !== profiles.length) settings.update({ deviceProfiles: kept });
    await running?.stop().catch(() => undefined);
  }

  let startingUp = true;
  /** Settles what an interrupted run left open and restores the open pack session. */
  function restoreDesk(): Promise<void> {
    restoring ??= (async () => {
      try {
        const client = session.client();
        // spec § Token expiry check: learn how long the stored token really lasts before relying
        // on it (it may have been revoked, or the clock of the last run may have been wrong).
        await client.tokens.checkExpiry().catch((e: Error) => log(`Token expiry check failed: ${e.message}`));
        const open = context.journal.openIntents().length;
        if (open > 0) {
          const r = await reconcileOpenIntents(context.journal, client.orders);
          log(`Start-up check: ${open} operation(s) left open; ${r.settled} settled by reading the marketplace, ${r.stillOpen} still open.`);
        }
        // Warehouse mode: invoice numbers an interrupted run reserved and never settled.
        // Only at start: later, a wave under way holds reservations no session shows.
        const shared = startingUp ? warehouse.current() : undefined;
        startingUp = false;
        if (shared) {
          const open = new Set(context.journal.openSessions().map((s) => s.opened.shipmentId).filter((id): id is string => !!id));
          const settled = await shared.settleLeftReservations(client.orders, open).catch((e: Error) => {
            log(`Start-up check: the warehouse invoice numbers of the last run wait: ${e.message}`);
            return 0;
          });
          if (settled > 0) log(`Start-up check: ${settled} warehouse invoice number(s) an interrupted run had reserved are settled.`);
        }
        // Packs the desk finished in the background (label, ready to dispatch) when it stopped.
        leftUndoneAtStart = await packedNotDispatched(context.journal, client.orders, clock.now());
        for (const line of leftUndoneAtStart) log(`Start-up check: ${line}`);
        // The Pack screen's "Labels" list as it was: the labels this desk printed before the restart.
        if (settings.get().locationId) await context.desk().restoreLabels();
        if (settings.get().locationId && context.journal.openSessions().length > 0) {
          const restored = await context.desk().restore();
          if (restored > 0) log('Restored the pack session that was open before the restart.');
        }
      } catch (e) {
        if (!(e instanceof StationError && (e.code === 'NOT_SIGNED_IN' || e.code === 'NO_LOCATION'))) log(`Start-up check could not finish: ${(e as Error).message}`);
      } finally {
        restoring = undefined;
      }
    })();
    return restoring;
  }

  const onSettings = (next: StationSettings, previous: StationSettings) => {
    // Every window follows at once: compact mode, sounds and scanner timing need no reload.
    hub.emit('settings.changed', next);
    if (!same(next.marketplace, previous.marketplace)) {
      if (previous.marketplace.mode === 'sandbox' && next.marketplace.mode !== 'sandbox') void leaveDemoDevices();
      if (session.settingsChanged()) log('The marketplace address or access mode changed: the station forgot the application secret and tokens of the previous one.');
      void announceSignIn().catch(() => undefined);
      void restoreDesk();
    }
    void warehouse.settingsChanged().catch((e: Error) => log(`Warehouse: ${e.message}`));
    if (!same(next.deviceProfiles, previous.deviceProfiles)) void devices.apply(next.deviceProfiles).catch((e) => log(`Devices: ${(e as Error).message}`));
  };
  let unsubscribe: (() => void) | undefined;

  // Packing video: built on first use (it reads its folder), its retention checked at start.
  let video: VideoService | undefined;
  const videoService = () => (video ??= createStationVideo(dataDir, context, { log }));
  // The lead's board and the warehouse's Activity: opened on first use when warehouse mode is on.
  const board = deskBoard({ settings, secrets, hub, log, listeners });
  const dispatcher = new Dispatcher({ ...allHandlers(context), ...videoHandlers(videoService), ...boardHandlers(board), ...pushReceiverHandlers({ push, settings, secrets, clock }) });

  return {
    dispatcher,
    hub,
    context,
    async start() {
      journal = await Journal.open({ dir: dataPaths(dataDir).journal, clock });
      // Damage found and repaired on opening is said, never silent (journal-repair.ts).
      for (const damage of journal.health.damage) log(`Start-up check: the journal was damaged. ${damage.text}`);
      unsubscribe = settings.onChange(onSettings);
      await warehouse.start();
      operators.start();
      // A desk alone hears notifications through its data folder (its own receiver, or `station receive`).
      if (!warehouse.current()) await push.startAlone();
      await printing.start();
      // Left over from a demo run before the desk was connected to a real marketplace.
      if (!session.isSandbox()) await leaveDemoDevices();
      await devices.apply(settings.get().deviceProfiles);
      if (session.isSandbox() && options.demo) {
        try {
          await startDemo();
        } catch (e) {
          log(`The sandbox marketplace did not start: ${(e as Error).message}`);
        }
      }
      await restoreDesk();
      await announceSignIn().catch(() => undefined);
      void videoService()
        .applyRetention()
        .catch((e: Error) => log(`Video retention could not run: ${e.message}`));
    },
    async stop() {
      unsubscribe?.();
      await push.stop();
      await board.stop();
      await restoring;
      await desk?.desk.idle();
      await devices.stop();
      await simulators?.stop().catch(() => undefined);
      simulators = undefined;
      await printing.stop();
      operators.stop();
      await warehouse.stop();
      await session.close();
      await session.demoMarketplace?.close?.();
      session.setDemo(undefined);
      await journal?.close();
      journal = undefined;
    },
  };
}
