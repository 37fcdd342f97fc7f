import { describe, expect, it } from "vitest";
import { isCtyError } from "../errors.js";
import { type JsonNode, parseJson, parseJsonPrefix } from "./parse.js";

/** The error message of `fn`, or a failure if it does not throw a CtyError. */
function decodeError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isCtyError(e)) return e.message;
    throw e;
  }
  throw new Error("expected a decode error");
}

describe("parseJson", () => {
  it("keeps number text exactly, beyond float64 and int64", () => {
    const node = parseJson("[9007199254740993, -0.1e-400, 18446744073709551616]");
    expect(node).toEqual({
      kind: "array",
      items: [
        { kind: "number", text: "9007199254740993" },
        { kind: "number", text: "-0.1e-400" },
        { kind: "number", text: "18446744073709551616" },
      ],
    });
  });

  it("keeps object members in source order, duplicates included (Go's last-one-wins is the reader's choice)", () => {
    const node = parseJson('{"b": 1, "a": true, "b": null}') as Extract<JsonNode, { kind: "object" }>;
    expect(node.entries.map(([k, v]) => [k, v.kind])).toEqual([
      ["b", "number"],
      ["a", "bool"],
      ["b", "null"],
    ]);
  });

  it("turns lone surrogates into U+FFFD, as Go's decoder does, and keeps pairs", () => {
    expect(parseJson('"a\\ud800b"')).toEqual({ kind: "string", value: "a\ufffdb" });
    expect(parseJson('"\\ud83d\\ude00"')).toEqual({ kind: "string", value: "\u{1f600}" });
    expect(parseJson(new Uint8Array([0x22, 0xff, 0x22]))).toEqual({ kind: "string", value: "\ufffd" });
  });

  it("accepts whitespace around the value and refuses anything else after it, in Go's words", () => {
    expect(parseJson(" \t\n{}\r\n ")).toEqual({ kind: "object", entries: [] });
    expect(decodeError(() => parseJson("[1] 2"))).toBe("invalid character '2' after top-level value");
    expect(decodeError(() => parseJson('{} "x"'))).toBe("invalid character '\"' after top-level value");
    expect(decodeError(() => parseJson("01"))).toBe("invalid character '1' after top-level value");
  });

  it("words malformed and empty input as Go does", () => {
    expect(decodeError(() => parseJson(""))).toBe("EOF");
    expect(decodeError(() => parseJson("[1,"))).toBe("unexpected EOF");
    expect(decodeError(() => parseJson('{"a" 1}'))).toBe("invalid character '1' after object key");
  });
});

describe("parseJsonPrefix", () => {
  it("reads one value and says where it ends, leaving the rest unread", () => {
    const r = parseJsonPrefix('  {"a": [1]} trailing');
    expect(r.node.kind).toBe("object");
    expect(r.text.slice(r.end)).toBe(" trailing");
  });
});
