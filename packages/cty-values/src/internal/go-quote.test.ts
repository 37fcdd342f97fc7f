import { describe, expect, it } from "vitest";
import { crc32String } from "./crc32.js";
import { goQuote } from "./go-quote.js";

// Expected strings were produced by Go 1.19 strconv.Quote / hash/crc32.ChecksumIEEE.
describe("goQuote (Go strconv.Quote)", () => {
  it.each([
    ['a"b\n', '"a\\"b\\n"'],
    ["\x00\x07\x7f", '"\\x00\\a\\x7f"'],
    ["é\u00ad\u200d\u2028 \u00a0\t", '"é\\u00ad\\u200d\\u2028 \\u00a0\\t"'],
    ["\u{1F600}\uFFFE\u{E0001}", '"\u{1F600}\\ufffe\\U000e0001"'],
    ["\\", '"\\\\"'],
    ["日本", '"日本"'],
    ["\u0301x", '"\u0301x"'],
  ])("quotes %j", (input, want) => {
    expect(goQuote(input)).toBe(want);
  });
});

describe("crc32String (Go crc32.ChecksumIEEE)", () => {
  it.each([
    ['"a"', 1829654686],
    ['<10;"b";>', 1300301126],
    ["T", 3187964512],
    ["~", 1707062198],
    ['"é"', 305387252],
    ['<"😀";"日本";>', 2177105349],
  ])("checksums %j", (input, want) => {
    expect(crc32String(input)).toBe(want);
  });
});
