import { describe, expect, it } from "vitest";
import { isCtyError } from "../errors.js";
import { listType, stringType } from "../type.js";
import { listVal, mark, stringVal } from "../value.js";
import { fromMsgpack } from "./decode.js";
import { toMsgpack } from "./encode.js";

// toMsgpack reuses one writer between calls: what it returns must never share that buffer.
describe("toMsgpack's reused writer", () => {
  it("returns bytes that later encodes do not overwrite", () => {
    const first = toMsgpack(stringVal("first value"), stringType);
    const copy = Uint8Array.from(first);
    toMsgpack(stringVal("a second, longer value that writes over the same buffer"), stringType);
    expect(first).toEqual(copy);
    expect(fromMsgpack(first, stringType).asString()).toBe("first value");
  });

  it("encodes correctly after an encode that threw half-way", () => {
    const t = listType(stringType);
    let threw = false;
    try {
      toMsgpack(listVal([stringVal("ok"), mark(stringVal("secret"), "sensitive")]), t);
    } catch (e) {
      threw = isCtyError(e);
    }
    expect(threw).toBe(true);
    const bytes = toMsgpack(listVal([stringVal("x")]), t);
    expect(
      fromMsgpack(bytes, t)
        .elements()
        .map((e) => e.asString()),
    ).toEqual(["x"]);
  });

  it("encodes a value larger than the kept buffer, then small ones, exactly", () => {
    const big = "y".repeat(300 * 1024);
    const bigBytes = toMsgpack(stringVal(big), stringType);
    expect(fromMsgpack(bigBytes, stringType).asString()).toBe(big);
    const small = toMsgpack(stringVal("z"), stringType);
    expect(Array.from(small)).toEqual([0xa1, 0x7a]);
    expect(bigBytes.length).toBe(300 * 1024 + 5);
  });
});
