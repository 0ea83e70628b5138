/**
 * Output into a closed pipe (`brain list | head -1`, a host that stopped reading) is not an error of the
 * command: without a listener Node throws EPIPE from the stream as an uncaught exception and prints its
 * stack. Once a reader has gone, further output is dropped silently and the command finishes its work
 * (a repair or a write is never cut off half-way) with its own exit code.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
    throw err;
  });
}
