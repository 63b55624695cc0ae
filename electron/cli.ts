// `npm run station -- <command> ...`: the headless station over the same services as the app.
// See electron/station/cli/run-cli.ts; `station --help` lists the commands.
import { runCli } from './station/cli/run-cli.js';
import { processIo } from './station/cli/cli-io.js';

const code = await runCli(process.argv.slice(2), processIo);
// Let stdout drain before leaving; a listening device or a keep-alive socket must not hold us.
process.stdout.write('', () => process.exit(code));
