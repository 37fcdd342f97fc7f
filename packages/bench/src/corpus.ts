import type { Suite } from "./runner.js";
import { coldStart, idleMemory, rpcRoundTrip } from "./suites/transport.js";

/**
 * Every benchmark suite, in run order. Case names are `area/op/fixture`; `--filter` matches them.
 */
export const corpus: readonly Suite[] = [coldStart, rpcRoundTrip, idleMemory];
