// What the setup-side handlers need beyond AppContext: the sign-in session, the print service,
// the device manager and the app's own facts. AppContext stays the seam every handler module
// shares; this extends it for the handlers of setup, printing and devices.
import type { SignInView } from '../../../shared/contract/setup.js';
import type { PortInfo } from '../devices/port-discovery.js';
import type { AppContext } from './app-context.js';
import type { DeviceManager } from './device-manager.js';
import type { MarketplaceSession } from './marketplace-session.js';
import type { PrintService } from './print-service.js';
import type { WarehouseLink } from './warehouse-link.js';
import type { OperatorDirectory } from '../operators/operator-directory.js';
import type { DeskSignIn } from '../operators/desk-sign-in.js';

export interface StationAppContext extends AppContext {
  version: string;
  session: MarketplaceSession;
  printing: PrintService;
  deviceManager: DeviceManager;
  /** Serial ports of this machine (serialport's list; needs udev on Linux). */
  listPorts(): Promise<PortInfo[]>;
  /** Switches to the embedded sandbox (starting it when needed) and signs in. */
  useSandbox(): Promise<SignInView>;
  /** Tells every renderer the sign-in status changed (the given view, or the current one). */
  announceSignIn(view?: SignInView): Promise<SignInView>;
  /** What the start-up check found left undone by the run before (sentences with what to do). */
  leftUndone?(): string[];
  /** The warehouse database link of this desk (warehouse mode), for Setup and the desk's status. */
  warehouse?: WarehouseLink;
  /** The desk's operators (Setup -> Operators). */
  operators: OperatorDirectory;
  /** Who is signed in at this desk; who() names them in the journal. */
  deskSignIn: DeskSignIn;
}
