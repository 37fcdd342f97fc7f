import { expect } from "vitest";
import { rawEquals } from "../equality.js";
import { isCtyError } from "../errors.js";
import { valueGoString } from "../type-format.js";
import type { Type } from "../type.js";
import type { Value } from "../value.js";
import { convert } from "./public.js";

/** @internal Asserts `convert(value, type)` is RawEquals to `want`. */
export function expectConverts(value: Value, type: Type, want: Value): void {
  const got = convert(value, type);
  if (!rawEquals(got, want)) {
    expect.fail(
      `convert(${valueGoString(value)})\n got: ${valueGoString(got)}\nwant: ${valueGoString(want)}`,
    );
  }
}

/** @internal Asserts `convert(value, type)` throws a conversion CtyError with this message. */
export function expectConversionError(value: Value, type: Type, message: string): void {
  let thrown: unknown;
  try {
    const got = convert(value, type);
    expect.fail(`conversion succeeded with ${valueGoString(got)}; want error ${message}`);
  } catch (e) {
    thrown = e;
  }
  if (!isCtyError(thrown)) throw thrown;
  expect(thrown.code).toBe("conversion");
  expect(thrown.message).toBe(message);
}
