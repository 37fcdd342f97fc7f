/**
 * The provider writes every resource RPC it answers, request and response, as one JSON line in a
 * file of the terraform working directory; the test reads the lines back and judges the exact
 * bytes terraform judged.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { fromMsgpack, nullVal, type Type, typeFromJson, typeToJson, type Value } from "@tfkit/cty-values";
import type { AttributePath, DynamicValue } from "@tfkit/grpc-transport";

/** A DynamicValue as recorded: the msgpack bytes and the type they were encoded with. */
export interface RecordedValue {
  /** The msgpack bytes, base64. */
  readonly msgpack: string;
  /** Type JSON of the type the sender encoded with (the schema's type unless a scenario lied). */
  readonly typeJson: string;
}

interface RecordBase {
  /** The provider process that answered (terraform starts one per graph walk). */
  readonly pid: number;
  /** The resource type. */
  readonly typeName: string;
  /** Whether the response carried error diagnostics. */
  readonly errors: boolean;
}

/** A recorded PlanResourceChange. */
export interface PlanRecord extends RecordBase {
  readonly rpc: "PlanResourceChange";
  readonly prior: RecordedValue | undefined;
  readonly config: RecordedValue | undefined;
  readonly proposed: RecordedValue | undefined;
  readonly planned: RecordedValue | undefined;
  readonly requiresReplace: readonly AttributePath[];
}

/** A recorded ApplyResourceChange. */
export interface ApplyRecord extends RecordBase {
  readonly rpc: "ApplyResourceChange";
  readonly prior: RecordedValue | undefined;
  readonly planned: RecordedValue | undefined;
  readonly newState: RecordedValue | undefined;
}

/** A recorded ReadResource. */
export interface ReadRecord extends RecordBase {
  readonly rpc: "ReadResource";
  readonly current: RecordedValue | undefined;
  readonly newState: RecordedValue | undefined;
}

/** A recorded UpgradeResourceState. */
export interface UpgradeRecord extends RecordBase {
  readonly rpc: "UpgradeResourceState";
  readonly rawJson: string;
  readonly upgraded: RecordedValue | undefined;
}

/** A recorded ReadDataSource. */
export interface DataSourceRecord extends RecordBase {
  readonly rpc: "ReadDataSource";
  readonly config: RecordedValue | undefined;
  readonly state: RecordedValue | undefined;
}

/** One recorded RPC. */
export type CallRecord = PlanRecord | ApplyRecord | ReadRecord | UpgradeRecord | DataSourceRecord;

/** Records a DynamicValue (msgpack only: terraform sends msgpack and the provider answers msgpack). */
export function recordValue(v: DynamicValue | undefined, type: Type): RecordedValue | undefined {
  const bytes = v?.msgpack;
  if (!bytes || bytes.length === 0) return undefined;
  return { msgpack: Buffer.from(bytes).toString("base64"), typeJson: typeToJson(type) };
}

/** Appends one record to the file. */
export function appendRecord(file: string, record: CallRecord): void {
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** Every record in the file, in call order (none when the file does not exist). */
export function readRecords(file: string): CallRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as CallRecord);
}

/** A recorded value decoded. */
export interface Decoded {
  /** The value. */
  readonly value: Value;
  /**
   * Why the bytes are not a value of the schema's type (terraform's decoder refuses them too);
   * `value` is then decoded with the type the provider used.
   */
  readonly undecodable?: string;
}

/**
 * Decodes a recorded value as terraform does: against the schema's type. Bytes that do not
 * decode as that type are decoded with the sender's own type instead, so contracts can judge
 * the value the provider meant (a type-conformance violation).
 */
export function decodeRecorded(rv: RecordedValue | undefined, schemaType: Type): Decoded | undefined {
  if (rv === undefined) return undefined;
  const bytes = Buffer.from(rv.msgpack, "base64");
  try {
    return { value: fromMsgpack(bytes, schemaType) };
  } catch (e) {
    const undecodable = e instanceof Error ? e.message : String(e);
    return { value: fromMsgpack(bytes, typeFromJson(rv.typeJson)), undecodable };
  }
}

/** A recorded request value decoded; absent means null, as core treats it. */
export function decodeRequest(rv: RecordedValue | undefined, schemaType: Type): Value {
  return decodeRecorded(rv, schemaType)?.value ?? nullVal(schemaType);
}
