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

  // Expected values from a Go port of SafeKnownPrefix over golang.org/x/text/unicode/norm and
  // go-textseg v13 (Debian's packaged copies); 40,000 random strings agreed except for
  // emoji after a ZWJ following a non-pictographic character, where textseg v13's older UAX #29
  // rules glue the emoji on.
  it.each([
    ["\nि.", ""], // the scanner cannot emit a lone LF without more input
    ["a\r", "a"],
    ["x\ny", "x\n"],
    ["ab\r\n", "ab"],
    ["x¯", "x"], // U+00AF's compatibility decomposition ends in a combining mark
    ["x\u2002", "x"],
    ["aᆨ", ""], // a final jamo combines with what precedes it
    ["ᄀ가", "ᄀ"],
    ["abc\u0301\u0323", "ab"],
    ["e\u0301", ""],
    ["ﬁ", ""],
    ["a²", "a"],
    ["hello\tworld\n", "hello\tworld"],
  ])("Go port: %j → %j", (input, want) => {
    expect(safeKnownPrefix(input)).toBe(want);
  });
});
