import type { Suite } from "./runner.js";
import { ctyCodecThroughput } from "./suites/cty-codec-throughput.js";
import { ctyMsgpackDecode, ctyMsgpackEncode } from "./suites/cty-msgpack.js";
import { planEngineSuites } from "./suites/plan-engine.js";
import { providerRpcSuites } from "./suites/provider-rpc.js";
import { hasTerraform, terraformPlan } from "./suites/terraform.js";
import { floorFirstAnswer, floorIdleRss } from "./suites/floor-start.js";
import { floorSuites } from "./suites/terraform-floor.js";
import {
  coldStart,
  coldStartCpu,
  firstAnswerCpu,
  idleMemory,
  rpcRoundTrip,
  serverCertificate,
} from "./suites/transport.js";

/**
 * Every benchmark suite, in run order. Case names are `area/op/fixture`; the regex filter
 * matches them (or `suite/case`).
 */
export const corpus: readonly Suite[] = [
  coldStart,
  coldStartCpu,
  firstAnswerCpu,
  serverCertificate,
  rpcRoundTrip,
  idleMemory,
  floorFirstAnswer,
  floorIdleRss,
  ...(hasTerraform ? [terraformPlan, ...floorSuites()] : []),
  ctyMsgpackEncode,
  ctyMsgpackDecode,
  ...ctyCodecThroughput,
  ...planEngineSuites,
  ...providerRpcSuites,
];
