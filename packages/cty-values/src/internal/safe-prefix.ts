/**
 * go-cty `ctystrings.SafeKnownPrefix`: trims a known string prefix so that later text cannot
 * change its last characters (by NFC composition or by joining its last grapheme cluster).
 * @internal
 */

let composition: { forward: Set<number>; backward: Set<number> } | undefined;

/**
 * Characters that start (`forward`) or finish (`backward`) a canonical composition, derived once
 * from the runtime's own normalization tables by decomposing every primary composite.
 */
function compositionTables(): { forward: Set<number>; backward: Set<number> } {
  if (composition !== undefined) return composition;
  const forward = new Set<number>();
  const backward = new Set<number>();
  for (let cp = 0xc0; cp < 0x30000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const s = String.fromCodePoint(cp);
    const d = s.normalize("NFD");
    if (d === s || s.normalize("NFC") !== s) continue; // not a primary composite
    const parts = Array.from(d);
    const last = parts.pop() as string;
    const head = parts.join("").normalize("NFC");
    if (Array.from(head).length === 1) forward.add(head.codePointAt(0) as number);
    backward.add(last.codePointAt(0) as number);
  }
  composition = { forward, backward };
  return composition;
}

/** Is the canonical combining class of a non-decomposable code point non-zero? */
function isNonStarterChar(cp: number): boolean {
  if (cp < 0x300) return false;
  if (cp === 0x345) return true; // ccc 240, the highest class, so the probe below cannot move it
  const ch = String.fromCodePoint(cp);
  // Canonical ordering moves a mark of class 1..239 in front of U+0345 (class 240).
  return ("\u0345" + ch).normalize("NFD").startsWith(ch);
}

/**
 * x/text "leading non-starters": the decomposition begins with a non-starter, or the character
 * combines with what precedes it (NFC_QC=Maybe starters such as Hangul vowel and final jamo).
 */
function hasLeadingNonStarter(cp: number): boolean {
  if (compositionTables().backward.has(cp)) return true;
  const d = String.fromCodePoint(cp).normalize("NFD");
  return isNonStarterChar(d.codePointAt(0) as number);
}

/** x/text `Properties.BoundaryAfter` for NFC: nothing appended can combine with this character. */
function isInert(cp: number): boolean {
  if (cp < 0x80) {
    // ASCII letters and < = > start compositions; everything else in ASCII is inert.
    return !compositionTables().forward.has(cp);
  }
  const ch = String.fromCodePoint(cp);
  if (ch.normalize("NFD") !== ch) return false;
  // x/text's NFC properties count the trailing non-starters of the compatibility decomposition
  // too, so U+00AF MACRON (NFKD: space + U+0304) is not inert while U+2002 EN SPACE is.
  const k = Array.from(ch.normalize("NFKD"));
  if (isNonStarterChar(k[k.length - 1]?.codePointAt(0) as number)) return false;
  if (isNonStarterChar(cp)) return false;
  const t = compositionTables();
  return !t.forward.has(cp) && !t.backward.has(cp);
}

/** Characters go-cty keeps at the end of a prefix because they never join a following cluster. */
const DELIMITERS = new Set([..."-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'"].map((c) => c.codePointAt(0) as number));

let segmenter: Intl.Segmenter | undefined;

/** @internal go-cty `ctystrings.SafeKnownPrefix`. */
export function safeKnownPrefix(prefix: string): string {
  const s = prefix.normalize("NFC");
  const cps = Array.from(s);
  if (cps.length === 0) return s;

  // Step 1 (x/text `LastBoundary`): if the last character could still compose with what follows,
  // cut before the last starter.
  const last = cps[cps.length - 1]?.codePointAt(0) as number;
  if (!isInert(last)) {
    let i = cps.length - 1;
    while (i >= 0 && hasLeadingNonStarter(cps[i]?.codePointAt(0) as number)) i--;
    if (i >= 0) {
      const boundary = cps.slice(0, i).join("").length;
      if (boundary !== s.length) return s.slice(0, boundary);
    }
  }

  // Step 2 (go-textseg's scanner without EOF): walk the grapheme clusters; the scanner cannot
  // emit a lone CR or LF without seeing more input, so everything from one onwards is dropped.
  // Otherwise drop the last cluster unless it is one delimiter character.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let lastIndex = 0;
  let lastSegment = "";
  for (const seg of segmenter.segment(s)) {
    const text = seg.segment;
    if (text.startsWith("\n") || (text.startsWith("\r") && !text.startsWith("\r\n")))
      return s.slice(0, seg.index);
    lastIndex = seg.index;
    lastSegment = text;
  }
  const segCps = Array.from(lastSegment);
  if (segCps.length === 1 && DELIMITERS.has(segCps[0]?.codePointAt(0) as number)) return s;
  return s.slice(0, lastIndex);
}
