// A browser-mode station with its sandbox in a process of its own, so a test can kill it with
// SIGKILL mid-recording: prints one JSON line {url, dataDir, shipments} once it serves the page.
import { startBrowserStation } from '../support/browser-station.js';

const dataDir = process.argv[2];
const station = await startBrowserStation({ dataDir, devices: false, settings: { video: { endMarginSeconds: 0, resolution: '640x360' } } });
const shipments = await station.createShipments('plain', 1, 1);
process.stdout.write(`${JSON.stringify({ url: station.url, dataDir: station.dataDir, shipments })}\n`);
