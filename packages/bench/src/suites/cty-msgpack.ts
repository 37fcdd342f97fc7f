import { decode, encode } from "@msgpack/msgpack";
import {
  boolType,
  boolVal,
  fromMsgpack,
  listType,
  listVal,
  mapType,
  mapVal,
  numberType,
  numberVal,
  objectType,
  objectVal,
  setType,
  setVal,
  stringType,
  stringVal,
  toMsgpack,
  type Type,
  type Value,
} from "@tfkit/cty-values";
import type { TimedSuite } from "../runner.js";
import { resourceObject } from "../support/resource-fixture.js";

const blockDevice = objectType({
  device_name: stringType,
  encrypted: boolType,
  iops: numberType,
  volume_size: numberType,
  volume_type: stringType,
});
const rootDevice = objectType({
  encrypted: boolType,
  iops: numberType,
  volume_size: numberType,
  volume_type: stringType,
});

/** The cty type of {@link resourceObject}: what a provider's schema would imply. */
const resourceType: Type = objectType({
  ami: stringType,
  arn: stringType,
  availability_zone: stringType,
  cpu_core_count: numberType,
  cpu_threads_per_core: numberType,
  disable_api_termination: boolType,
  ebs_block_device: listType(blockDevice),
  ebs_optimized: boolType,
  id: stringType,
  instance_type: stringType,
  ipv6_address_count: numberType,
  monitoring: boolType,
  private_ip: stringType,
  public_ip: stringType,
  root_block_device: listType(rootDevice),
  security_groups: setType(stringType),
  source_dest_check: boolType,
  subnet_id: stringType,
  tags: mapType(stringType),
  tenancy: stringType,
  user_data: stringType,
  volume_size: numberType,
});

/** Converts the plain fixture into the equivalent cty value, guided by its shape. */
function toCty(plain: unknown, key = ""): Value {
  if (typeof plain === "string") return stringVal(plain);
  if (typeof plain === "number") return numberVal(plain);
  if (typeof plain === "boolean") return boolVal(plain);
  if (Array.isArray(plain)) {
    const elements = plain.map((e) => toCty(e));
    return key === "security_groups" ? setVal(elements) : listVal(elements);
  }
  const entries = Object.entries(plain as Record<string, unknown>).map(([k, v]) => [k, toCty(v, k)] as const);
  const record = Object.fromEntries(entries);
  return key === "tags" ? mapVal(record) : objectVal(record);
}

const plain = resourceObject(7);
const plainBytes = encode(plain);
// Built in setup, so a codec failure only affects these suites.
let value: Value;
let ctyBytes: Uint8Array;

function prepare(): void {
  value = toCty(plain);
  ctyBytes = toMsgpack(value, resourceType);
}

/** Encoding a resource-shaped value, against @msgpack/msgpack on the same data as plain JS. */
export const ctyMsgpackEncode: TimedSuite = {
  kind: "timed",
  name: "cty/msgpack-encode",
  note: `resource object with 22 attributes, ${plainBytes.length} bytes as plain msgpack`,
  time: 1500,
  rounds: 3,
  setup: prepare,
  baseline: { name: "@msgpack/msgpack/encode/plain-object", fn: () => encode(plain) },
  cases: [{ name: "cty-values/toMsgpack/resource-object", fn: () => toMsgpack(value, resourceType) }],
};

/** Decoding the same, against @msgpack/msgpack decoding to plain JS. */
export const ctyMsgpackDecode: TimedSuite = {
  kind: "timed",
  name: "cty/msgpack-decode",
  note: "the same object; cty decodes against its type (checks every attribute)",
  time: 1500,
  rounds: 3,
  setup: prepare,
  baseline: { name: "@msgpack/msgpack/decode/plain-object", fn: () => decode(plainBytes) },
  cases: [{ name: "cty-values/fromMsgpack/resource-object", fn: () => fromMsgpack(ctyBytes, resourceType) }],
};
