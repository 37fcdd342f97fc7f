import type { Suite } from "./runner.js";
import { ctyMsgpackDecode, ctyMsgpackEncode } from "./suites/cty-msgpack.js";
import { coldStart, coldStartCpu, idleMemory, rpcRoundTrip, serverCertificate } from "./suites/transport.js";

/**
 * Every benchmark suite, in run order. Case names are `area/op/fixture`; the regex filter
 * matches them (or `suite/case`).
 */
export const corpus: readonly Suite[] = [
  coldStart,
  coldStartCpu,
  serverCertificate,
  rpcRoundTrip,
  idleMemory,
  ctyMsgpackEncode,
  ctyMsgpackDecode,
];
