/**
 * A hook's answer on stdout, one line. A host that stopped reading (it timed the hook out) closes the pipe:
 * the write then fails with EPIPE, which is not the hook's error — dropped, and the hook finishes its work.
 */
export function print(line: string): void {
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
    throw err;
  });
  process.stdout.write(`${line}\n`);
}
