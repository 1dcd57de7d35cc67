/**
 * The CLI's two ways to stop: a command line it cannot run (exit 2, with the command's usage), and a
 * command that ran and failed for a reason an operator can act on (exit 1, one line, no stack trace).
 */

/** The command line is wrong: an unknown command or flag, a flag without its value, a missing argument. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** `path`: the words of the command whose usage to print (empty: the overview). */
  constructor(message: string, readonly path: readonly string[]) {
    super(message);
  }
}

/** A failure the message explains in full (a missing setting, a database that is not running). */
export class CliFailure extends Error {
  override name = 'CliFailure';
}
