// Every contract handler of the app, merged into one table for the dispatcher. Each module
// handles one screen's commands; a command missing here answers "not available in this build".
import type { Handlers } from '../dispatcher.js';
import { activityHandlers } from './activity-handlers.js';
import { barcodesHandlers } from './barcodes-handlers.js';
import { claimsHandlers } from './claims-handlers.js';
import type { StationAppContext } from '../station-app-context.js';
import { deskHandlers } from './desk-handlers.js';
import { deviceHandlers } from './device-handlers.js';
import { handoverHandlers } from './handover-handlers.js';
import { listingsHandlers } from './listings-handlers.js';
import { printHandlers } from './print-handlers.js';
import { queueHandlers } from './queue-handlers.js';
import { reportHandlers } from './report-handlers.js';
import { returnsHandlers } from './returns-handlers.js';
import { setupHandlers } from './setup-handlers.js';
import { warehouseHandlers } from './warehouse-handlers.js';
import { operatorHandlers } from './operator-handlers.js';

export function allHandlers(ctx: StationAppContext): Handlers {
  return {
    ...setupHandlers(ctx),
    ...queueHandlers(ctx),
    ...printHandlers(ctx),
    ...deviceHandlers(ctx),
    ...deskHandlers(ctx),
    ...handoverHandlers(ctx),
    ...returnsHandlers(ctx),
    ...claimsHandlers(ctx),
    ...listingsHandlers(ctx),
    ...activityHandlers(ctx),
    ...barcodesHandlers(ctx),
    ...reportHandlers(ctx),
    ...warehouseHandlers(ctx),
    ...operatorHandlers(ctx),
  };
}
