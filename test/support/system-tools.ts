// Whether a system command the tests drive (socat, lp, chromium...) is installed. Locally a missing
// tool skips the tests that need it, with a message; in CI (STATION_REQUIRE_SYSTEM_TOOLS=1) a
// missing tool is a failure, so a broken CI image cannot pass by skipping.
import { execFileSync } from 'node:child_process';

const known = new Map<string, boolean>();

function onPath(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** True when `name` is on PATH. False (with a note on stderr) when it is not and may be skipped. */
export function requireTool(name: string): boolean {
  let present = known.get(name);
  if (present === undefined) {
    present = onPath(name);
    known.set(name, present);
  }
  if (present) return true;
  if (process.env.STATION_REQUIRE_SYSTEM_TOOLS === '1') {
    throw new Error(`${name} is not installed, and STATION_REQUIRE_SYSTEM_TOOLS=1 requires it (install it in .ci/run).`);
  }
  process.stderr.write(`Skipping tests that need ${name}: it is not installed (set STATION_REQUIRE_SYSTEM_TOOLS=1 to make this a failure).\n`);
  return false;
}
