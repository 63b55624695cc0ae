// The station's whole-file replacement is the main process's one (electron/files/durable-file.ts),
// which the sandbox uses too; the station's callers import it from here.
export { fsyncDirectory, writeFileDurably } from '../../files/durable-file.js';
