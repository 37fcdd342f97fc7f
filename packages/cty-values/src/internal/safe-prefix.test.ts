import { describe, expect, it } from "vitest";
import { safeKnownPrefix } from "./safe-prefix.js";

// Vectors from zclconf/go-cty:cty/ctystrings/prefix_test.go (TestSafeKnownPrefix).
describe("safeKnownPrefix (go-cty ctystrings.SafeKnownPrefix)", () => {
  it.each([
    ["", ""],
    ["a", ""],
    ["boo", "bo"],
    ["boop\r", "boop"],
    ["hello 가", "hello "],
    ["hello 🤷🏽\u200d♂️", "hello "],
    ["hello 🤷🏽\u200d♂️ ", "hello 🤷🏽\u200d♂️ "],
    ["hello 🤷", "hello "],
    ["hello 🤷 ", "hello 🤷 "],
    ["hello 🤷\u200d", "hello "],
    ["hello \u{1f1e6}", "hello "],
    ["hello \u{1f1e6}\u{1f1e6}", "hello "],
    ["hello \u{1f1e6}\u{1f1e6} ", "hello \u{1f1e6}\u{1f1e6} "],
    ["ami-", "ami-"],
    ["foo_", "foo_"],
    ['{"foo":', '{"foo":'],
    ["beep();", "beep();"],
    ["https://", "https://"],
    ["c:\\", "c:\\"],
    ['["foo",', '["foo",'],
    ["foo.bar.", "foo.bar."],
    ["beep(", "beep("],
    ["beep()", "beep()"],
    ["{", "{"],
    ["[{}", "[{}"],
    ["[", "["],
    ["[[]", "[[]"],
    ["whatever |", "whatever |"],
    ["https://example.com/foo?", "https://example.com/foo?"],
    ["boop!", "boop!"],
    ["ls ~", "ls ~"],
    ["a ", "a "],
    ["a\t", "a\t"],
    ["username@", "username@"],
    ["#", "#"],
    ["print $", "print $"],
    ["print %", "print %"],
    ["^", "^"],
    ["foo(&", "foo(&"],
    ["foo *", "foo *"],
    ["foo +", "foo +"],
    ['["', '["'],
    ["['", "['"],
  ])("%j → %j", (input, want) => {
    expect(safeKnownPrefix(input)).toBe(want);
  });

  it("stores 'a' for 'ab' (spec §1.4)", () => {
    expect(safeKnownPrefix("ab")).toBe("a");
  });

  it("drops a letter followed by a combining mark as one unit", () => {
    // NFC keeps é\u0302 as two code points; both may still combine with what follows.
    expect(safeKnownPrefix("xe\u0301\u0302")).toBe("x");
  });

  it("keeps delimiters that never start a composition, drops ones that do", () => {
    expect(safeKnownPrefix("a=")).toBe("a"); // '=' + U+0338 composes to U+2260
    expect(safeKnownPrefix("a-")).toBe("a-");
  });
});
