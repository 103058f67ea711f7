/** The exit codes `pasteshare` documents (README): what a script can branch on. */
export const EXIT = {
  ok: 0,
  /** Wrong arguments, missing configuration, an unsafe config file. */
  usage: 1,
  /** The server refused, or could not be reached. */
  server: 2,
  /** A check on this side refused (a verification that failed). */
  refused: 3,
} as const;

/** An error that ends the run: one line on stderr, its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
export const serverError = (message: string) => new CliError(message, EXIT.server);
