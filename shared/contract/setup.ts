// Commands and events of setup: the marketplace connection and sign-in, settings, devices and
// printers (issue "packing desk app", screen 1). No secret ever crosses: the app secret goes in
// with sign-in and never comes back, tokens never leave the main process.
import { z } from 'zod';
import { StationSettings } from '../settings.js';
import { command, event, KeyedSentence, NoArgs, Ok } from './define.js';

export const SignInView = z.object({
  mode: z.enum(['sandbox', 'selfAccess', 'thirdParty']),
  signedIn: z.boolean(),
  baseUrl: z.string().optional(),
  accessExpiresAt: z.string().optional(),
  refreshExpiresAt: z.string().optional(),
  /** Words for the status line, e.g. "Signed in to the Sandbox until 20 Jan 2027". */
  text: z.string(),
  /** Not signed in (lapsed, signed out, no secret): the words as a catalogue key for the desk's language. */
  sentence: KeyedSentence.optional(),
});
export type SignInView = z.infer<typeof SignInView>;

export const AppInfo = z.object({
  version: z.string(),
  /** True while the embedded sandbox marketplace is in use: the UI says "Sandbox". */
  sandbox: z.boolean(),
  signIn: SignInView,
  locations: z.array(z.string()),
  transport: z.enum(['ipc', 'websocket', 'memory']),
  /** Damage the journal was found with and repaired (newest first), in sentences. */
  journalDamage: z.array(z.object({ foundAt: z.string(), text: z.string() })).optional(),
  /** What the start-up check found left undone by an interrupted run, with what to do. */
  leftUndone: z.array(z.string()).optional(),
});

export const DeviceStatusView = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['scanner', 'scale', 'dimensioner']),
  status: z.enum(['connecting', 'connected', 'disconnected', 'error', 'stopped']),
  message: z.string(),
  /** The message as a catalogue key, said in the desk's language (faults, unplugged, port busy). */
  sentence: KeyedSentence.optional(),
  /** True when the message only restates the status ("… is connected."): the status word says it in the desk's language. */
  routine: z.boolean().optional(),
});
export const WeightView = z.object({ deviceId: z.string(), weightKg: z.number(), stable: z.boolean() });
export const DimensionsView = z.object({ deviceId: z.string(), length: z.number(), breadth: z.number(), height: z.number(), weightKg: z.number().optional() });
export const SerialScanView = z.object({
  deviceId: z.string(),
  raw: z.string(),
  /** Set when the scanner read the same code again within its double-read window: ignored, and said so. */
  doubleReadMs: z.number().optional(),
});

export const PrinterView = z.object({
  name: z.string(),
  state: z.enum(['idle', 'printing', 'stopped', 'missing']),
  message: z.string(),
  /** The message as a catalogue key, for the desk's language. */
  sentence: KeyedSentence.optional(),
  roles: z.array(z.string()),
});
export const PrintJobView = z.object({
  id: z.string(),
  title: z.string(),
  /** The title as a catalogue key (a reprint, a manifest), for a desk in another language. */
  titleSentence: KeyedSentence.optional(),
  role: z.string(),
  printer: z.string(),
  /** The printer's name as a catalogue key while no printer is chosen for the job's role. */
  printerSentence: KeyedSentence.optional(),
  status: z.enum(['queued', 'printing', 'done', 'failed', 'waiting']),
  message: z.string(),
  /** The message as catalogue keys, for a desk in another language (absent: the English message). */
  sentences: z.array(KeyedSentence).max(2).optional(),
  createdAt: z.string(),
  pages: z.number().int().optional(),
});

export const setupCommands = {
  'app.info': command(NoArgs, AppInfo, 'Version, sandbox or real marketplace, sign-in status.'),
  'settings.get': command(NoArgs, StationSettings, 'The station settings.'),
  'settings.update': command(z.record(z.string(), z.unknown()), StationSettings, 'Change settings; refused with words when a value is wrong.'),
  'auth.signInSelfAccess': command(z.object({ baseUrl: z.string(), appId: z.string().min(1), appSecret: z.string().min(1) }), SignInView, 'Connect with a self-access application.'),
  'auth.startThirdParty': command(z.object({ baseUrl: z.string(), appId: z.string().min(1), appSecret: z.string().min(1), redirectUri: z.string() }), z.object({ url: z.string() }), 'Begin a third-party sign-in; opens the marketplace page.'),
  'auth.completeThirdParty': command(z.object({ callbackUrl: z.string() }), SignInView, 'Finish a third-party sign-in from the redirect address (browser mode).'),
  'auth.useSandbox': command(NoArgs, SignInView, 'Switch to the embedded sandbox marketplace.'),
  'auth.signOut': command(NoArgs, SignInView, 'Forget the tokens.'),
  'devices.list': command(NoArgs, z.array(DeviceStatusView), 'Configured devices and their status.'),
  'devices.ports': command(NoArgs, z.object({ ports: z.array(z.object({ path: z.string(), manufacturer: z.string().optional() })), message: z.string().optional() }), 'Serial ports found on this machine.'),
  'devices.save': command(z.object({ profile: z.record(z.string(), z.unknown()) }), z.array(DeviceStatusView), 'Add or change a device profile.'),
  'devices.remove': command(z.object({ id: z.string() }), z.array(DeviceStatusView), 'Remove a device.'),
  'devices.test': command(z.object({ id: z.string() }), z.object({ text: z.string(), sentence: KeyedSentence.optional() }), 'Test a device: read a weight, or wait for a scan.'),
  'printers.list': command(NoArgs, z.array(PrinterView), 'Printers of this machine with their roles.'),
  'printers.testPrint': command(
    z.object({ role: z.enum(['label', 'document']), printer: z.string().min(1).optional() }),
    z.object({ jobId: z.string(), printer: z.string() }),
    'Print a test page on the printer shown for a role (the saved one when none is named).',
  ),
  'printers.assign': command(
    z.object({ role: z.enum(['label', 'document']), printer: z.string().trim().min(1).nullable() }),
    StationSettings,
    'Choose the printer of a role, or none (null); takes effect at once.',
  ),
  'print.reprintInvoice': command(z.object({ shipmentId: z.string() }), z.object({ jobId: z.string() }), 'Fetch the invoice of a packed shipment again and print it on the document printer.'),
  'print.jobs': command(NoArgs, z.array(PrintJobView), 'Recent print jobs.'),
  'print.reprint': command(z.object({ jobId: z.string() }), z.object({ jobId: z.string() }), 'Print a job again.'),
  'print.reprintLabel': command(z.object({ shipmentId: z.string() }), z.object({ jobId: z.string() }), 'Fetch the label of a packed shipment again and print it.'),
} as const;

export const setupEvents = {
  'auth.changed': event(SignInView, 'Sign-in status changed.'),
  'settings.changed': event(StationSettings, 'Settings changed (from any screen, the menu or the command line).'),
  'device.status': event(DeviceStatusView, 'A device connected, disconnected or failed.'),
  'device.weight': event(WeightView, 'A reading from a scale.'),
  'device.dimensions': event(DimensionsView, 'A measurement from a dimensioner.'),
  'device.scan': event(SerialScanView, 'A scan from a serial scanner; the active screen decides what it means.'),
  'print.job': event(PrintJobView, 'A print job changed status.'),
} as const;

export { Ok };
