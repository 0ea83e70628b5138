/**
 * Loaded by `npm test` before the runner (`--import`), so in the runner and in every test file's process:
 * in-process hosts (the pi extension reads this process's environment) must not start a resident server
 * for a test brain — `serve.autoStart` is on by default. Child processes get the same from env.ts.
 */
process.env.BRAIN_SERVE_AUTOSTART ??= "0";
