// How a command speaks. With --json, stdout carries exactly one JSON object (the result) so a
// script can parse it, and every human line (progress, warnings) goes to stderr. Without it, the
// result is printed as sentences on stdout and progress still goes to stderr.
export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

export interface Output {
  readonly json: boolean;
  readonly io: CliIo;
  /** A human line about what is happening: always stderr, so stdout stays the result. */
  progress(line: string): void;
  /** A line of the plain-text result (ignored in --json mode, where result() says it all). */
  line(text: string): void;
  /** The command's result: the one JSON object in --json mode, nothing otherwise. */
  result(value: unknown): void;
  /** A note that belongs with the result in plain mode and on stderr in --json mode. */
  note(text: string): void;
}

export function createOutput(io: CliIo, json: boolean): Output {
  return {
    json,
    io,
    progress: (line) => io.stderr(line),
    line: (text) => {
      if (!json) io.stdout(text);
    },
    result: (value) => {
      if (json) io.stdout(JSON.stringify(value));
    },
    note: (text) => (json ? io.stderr(text) : io.stdout(text)),
  };
}

export const processIo: CliIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};
