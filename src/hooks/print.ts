import { writeStdout } from "./std-out.ts";

/**
 * A hook's answer on stdout, one line. A host that stopped reading (it timed the hook out) closes the pipe:
 * the write then fails with EPIPE, which is not the hook's error — dropped, and the hook finishes its work.
 */
export function print(line: string): void {
  writeStdout(`${line}\n`);
}
