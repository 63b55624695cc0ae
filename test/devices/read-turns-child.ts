// Child process of the read-latency test, alone in its process so that nothing but its own
// unrelated timer wakes the event loop. Opens DEVICE_PATH the way the station does, then on each
// tick of the timer checks that the frame written at the tick before has arrived and writes the
// next one into SIM_PATH. Prints, as JSON, how many ticks each frame took to arrive (0: before
// the timer fired again). Usage: read-turns-child.ts DEVICE_PATH SIM_PATH FRAMES TICK_MS
import { closeSync, openSync, writeSync } from 'node:fs';
import { openSerialPort } from '../../electron/station/devices/serial-port-opener.js';

const [devicePath, simPath, frameCount, tickMs] = process.argv.slice(2);
const frames = Number(frameCount);
const port = await openSerialPort({ path: devicePath!, baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
const sim = openSync(simPath!, 'w');

/** A frame not there after this many ticks counts as lost, and the run ends. */
const GIVE_UP_TICKS = 4;

let tick = 0;
let received = '';
const sent: { text: string; writtenAt: number; arrivedAt?: number }[] = [];
port.on('data', (chunk) => {
  received += chunk.toString('latin1');
  const last = sent.at(-1);
  if (last && last.arrivedAt === undefined && received.endsWith(last.text)) last.arrivedAt = tick;
});

const timer = setInterval(() => {
  tick++;
  const last = sent.at(-1);
  const pending = last !== undefined && last.arrivedAt === undefined;
  if (pending && tick - last.writtenAt < GIVE_UP_TICKS) return;
  if (pending || sent.length === frames) {
    clearInterval(timer);
    closeSync(sim);
    const ticks = sent.map((f) => (f.arrivedAt === undefined ? null : f.arrivedAt - f.writtenAt));
    port.close(() => {
      process.stdout.write(`${JSON.stringify({ ticks })}\n`);
      process.exit(0);
    });
    return;
  }
  const text = `CODE-${sent.length + 1}\r\n`;
  sent.push({ text, writtenAt: tick });
  writeSync(sim, text);
}, Number(tickMs));
