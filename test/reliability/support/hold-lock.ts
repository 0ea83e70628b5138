/** The reliability harness bundles scripts from this folder: this one is the shared lock holder. */
import "../../support/hold-lock.ts";
