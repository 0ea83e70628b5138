/**
 * Brain memory for pi (https://github.com/badlogic/pi-mono): the `brain`, `load_brain_file` and `brain_search`
 * tools, the `/brain` command, the brain's context in the system prompt, and extraction work queued on
 * `agent_end` / `session_before_compact`. Build the package first (`npm install` runs `tsc`), then:
 *
 *   pi -e /path/to/brain/plugins/pi/index.ts        (one session)
 *   brain install pi                                 (every session: writes ~/.pi/agent/extensions/brain.ts)
 */
export { createBrainExtension, default } from "../../dist/hosts/pi/extension.js";
