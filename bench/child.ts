/** What the benchmark's child processes (load-generator, memory-child) share: reporting to the parent and exiting. */

/** Send a message over the IPC channel and wait until it is written (the process may exit right after). */
export function sendToParent(message: unknown): Promise<void> {
  return new Promise<void>((resolve, reject) => process.send!(message, (e: Error | null) => (e ? reject(e) : resolve())));
}

/** Run the child's work, then exit 0; on an error, print it and exit 1. */
export function runChild(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
