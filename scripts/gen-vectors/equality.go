package main

// equality.jsonl: Equals / RawEquals (spec §1.3, §1.7, §7.3–7, §7.13–17, §7.23).

import (
	"fmt"
	"math"
	"math/big"

	"github.com/zclconf/go-cty/cty"
)

// specNumberEqual is rawNumberEqual of go-cty v1.14.3+ (spec §1.3): integers compare exactly,
// an integer never equals a non-integer, otherwise canonical texts compare ("-0" as "0").
func specNumberEqual(a, b *big.Float) bool {
	if a.Sign() != b.Sign() {
		return false
	}
	ai, bi := a.IsInt(), b.IsInt()
	if ai != bi {
		return false
	}
	if ai {
		return a.Cmp(b) == 0
	}
	at, bt := a.Text('f', -1), b.Text('f', -1)
	if at == "-0" {
		at = "0"
	}
	if bt == "-0" {
		bt = "0"
	}
	return at == bt
}

func isPlainNumber(v cty.Value) bool {
	return v.Type() == cty.Number && !v.IsMarked() && v.IsKnown() && !v.IsNull()
}

// eq records Equals and RawEquals for a pair. Results that depend on Go map iteration order
// (go-cty compares object attributes in map order) are detected and rejected.
func eq(name string, a, b cty.Value) {
	must(name, func() {
		res := a.Equals(b)
		raw := a.RawEquals(b)
		for i := 0; i < 32; i++ {
			if again := a.Equals(b); !again.RawEquals(res) {
				panic(fmt.Sprintf("Equals is not deterministic: %#v vs %#v", res, again))
			}
		}
		rec := obj{{"a", desc(a)}, {"b", desc(b)}}
		var notes []string
		resDesc := desc(res)
		uRes, _ := res.Unmark()
		if !uRes.IsKnown() {
			resDesc = resDesc.with("refine", obj{{"notNull", true}})
			notes = append(notes, "go-cty v1.13+ returns UnknownVal(cty.Bool).RefineNotNull() where go-cty 1.12 returned it unrefined (spec §1.7, §7.15)")
		}
		if isPlainNumber(a) && isPlainNumber(b) {
			want := specNumberEqual(a.AsBigFloat(), b.AsBigFloat())
			if want != uRes.True() {
				resDesc = desc(cty.BoolVal(want))
				notes = append(notes, fmt.Sprintf("go-cty 1.12 (no exact-integer rule) says %v; v1.14.3+ says %v (spec §1.3)", uRes.True(), want))
				// RawEquals uses the same number rule
				raw = want
			}
		}
		rec = rec.with("equals", resDesc).with("rawEquals", raw)
		if len(notes) > 0 {
			rec = rec.with("source", "spec").with("note", notes[0])
			if len(notes) > 1 {
				rec = rec.with("note2", notes[1])
			}
		} else {
			rec = rec.with("source", "go-cty")
		}
		out("equality").add(name, rec)
	})
}

// eqSpec records a pair whose expectations come only from the spec (refined operands).
func eqSpec(name string, a, b obj, equals obj, raw bool, note string) {
	out("equality").add(name, obj{{"a", a}, {"b", b}, {"equals", equals}, {"rawEquals", raw}, {"source", "spec"}, {"note", note}})
}

func genEquality() {
	// strings
	eq("string/equal", sv("a"), sv("a"))
	eq("string/different", sv("a"), sv("b"))
	eq("string/nfc-equal", sv("e\u0301"), sv("\u00e9"))
	eq("string/empty-vs-null", sv(""), null(S))
	eq("string/case", sv("a"), sv("A"))
	// nulls and unknowns
	eq("null/string-vs-number", null(S), null(N))
	eq("null/same-type", null(S), null(S))
	eq("null/dynamic-vs-string", null(D), null(S))
	eq("null/vs-unknown", null(S), unk(S))
	eq("unknown/vs-unknown", unk(S), unk(S))
	eq("unknown/vs-known", sv("a"), unk(S))
	eq("unknown/known-vs-unknown-other-type", sv("a"), unk(N))
	eq("unknown/known-vs-DynamicVal", sv("a"), cty.DynamicVal)
	eq("unknown/DynamicVal-vs-DynamicVal", cty.DynamicVal, cty.DynamicVal)
	eq("unknown/null-vs-DynamicVal", null(S), cty.DynamicVal)
	eq("types/string-vs-number", sv("1"), iv(1))
	eq("types/list-string-vs-list-number-empty", cty.ListValEmpty(S), cty.ListValEmpty(N))
	// numbers (spec §1.3)
	eq("number/float64-0.1-vs-parsed-0.1", fv(0.1), pv("0.1"))
	eq("number/float64-0.1+0.2-vs-parsed-0.30000000000000004", fv(0.1).Add(fv(0.2)), pv("0.30000000000000004"))
	eq("number/float64-0.1+0.2-vs-parsed-0.3", fv(0.1).Add(fv(0.2)), pv("0.3"))
	eq("number/parsed-0.1+0.2-vs-parsed-0.3", pv("0.1").Add(pv("0.2")), pv("0.3"))
	eq("number/int-1-vs-parsed-1.0", iv(1), pv("1.0"))
	eq("number/neg-zero-vs-zero", pv("-0"), iv(0))
	eq("number/float-neg-zero-vs-zero", fv(math.Copysign(0, -1)), fv(0))
	eq("number/int-2^53-vs-2^53+1", iv(1<<53), iv(1<<53+1))
	eq("number/float64-2^53+1-literal-vs-int-2^53", fv(1<<53+1), iv(1<<53))
	eq("number/float64-1e23-vs-parsed-1e23", fv(1e23), pv("1e23"))
	eq("number/float64-1e22-vs-parsed-1e22", fv(1e22), pv("1e22"))
	eq("number/float64-2^64-vs-uint64-max", fv(18446744073709551615), uv(math.MaxUint64))
	eq("number/parsed-1e20-vs-float64-1e20", pv("1e20"), fv(1e20))
	eq("number/inf-vs-inf", cty.PositiveInfinity, pv("Inf"))
	eq("number/inf-vs-neg-inf", cty.PositiveInfinity, cty.NegativeInfinity)
	eq("number/1.5-float-vs-parsed", fv(1.5), pv("1.50"))
	eq("number/float64-1/3-vs-parsed", fv(1.0/3), pv("0.3333333333333333"))
	eq("number/parsed-1/3-digits", pv("0.33333333333333333333"), pv("0.3333333333333333333"))
	eq("number/int-vs-uint", iv(42), uv(42))
	eq("number/-1-vs-1", iv(-1), iv(1))
	// bools
	eq("bool/true-true", bv(true), bv(true))
	eq("bool/true-false", bv(true), bv(false))
	eq("bool/null-vs-false", null(B), bv(false))
	// lists
	eq("list/equal", list(sv("a"), sv("b")), list(sv("a"), sv("b")))
	eq("list/order-matters", list(sv("a"), sv("b")), list(sv("b"), sv("a")))
	eq("list/length-differs-with-unknown", list(sv("a"), unk(S)), list(sv("a")))
	eq("list/unknown-element", list(sv("a"), unk(S)), list(sv("a"), sv("b")))
	eq("list/false-before-unknown", list(sv("x"), unk(S)), list(sv("a"), sv("b")))
	eq("list/unknown-before-false", list(unk(S), sv("x")), list(sv("a"), sv("b")))
	eq("list/empty", cty.ListValEmpty(S), cty.ListValEmpty(S))
	eq("list/numbers-by-text", list(fv(0.1)), list(pv("0.1")))
	eq("list/vs-null", list(sv("a")), null(L(S)))
	eq("list/vs-unknown-list", list(sv("a")), unk(L(S)))
	// maps
	eq("map/equal", mapv("a", sv("1"), "b", sv("2")), mapv("b", sv("2"), "a", sv("1")))
	eq("map/value-differs", mapv("a", sv("1")), mapv("a", sv("2")))
	eq("map/key-differs", mapv("a", sv("1")), mapv("b", sv("1")))
	eq("map/length-differs-with-unknown", mapv("a", unk(S)), mapv("a", sv("x"), "b", sv("y")))
	eq("map/unknown-element", mapv("a", unk(S)), mapv("a", sv("x")))
	// objects and tuples
	eq("object/equal", object("a", sv("x"), "b", iv(1)), object("a", sv("x"), "b", iv(1)))
	eq("object/differs", object("a", sv("x"), "b", iv(1)), object("a", sv("x"), "b", iv(2)))
	eq("object/different-types", object("a", sv("x")), object("b", sv("x")))
	eq("object/unknown-attribute", object("a", unk(S)), object("a", sv("x")))
	eq("object/null-attributes", object("a", null(S)), object("a", null(S)))
	eq("object/nested-dynamic-unknown", object("a", cty.DynamicVal), object("a", sv("x")))
	eq("object/empty", cty.EmptyObjectVal, cty.EmptyObjectVal)
	eq("tuple/equal", tuple(sv("a"), iv(1)), tuple(sv("a"), iv(1)))
	eq("tuple/differs", tuple(sv("a"), iv(1)), tuple(sv("a"), iv(2)))
	eq("tuple/unknown-element", tuple(sv("a"), unk(N)), tuple(sv("a"), iv(2)))
	eq("tuple/different-lengths", tuple(sv("a")), tuple(sv("a"), sv("b")))
	// sets (spec §1.6, §7.23)
	eq("set/equal-any-order", set(sv("a"), sv("b")), set(sv("b"), sv("a")))
	eq("set/differs", set(sv("a")), set(sv("b")))
	eq("set/top-level-unknown", set(unk(S)), set(sv("a")))
	oxu := object("a", sv("x"), "id", unk(S))
	eq("set/element-containing-unknown", set(oxu, oxu), set(oxu, oxu))
	eq("set/element-containing-unknown-vs-known", set(oxu), set(object("a", sv("x"), "id", sv("1"))))
	eq("list/of-objects-containing-unknown", list(oxu), list(oxu))
	n1 := object("n", iv(1234567890123))
	n2 := object("n", iv(1234567890124))
	eq("set/hash-collision-insertion-order", set(n1, n2), set(n2, n1))
	eq("set/numbers-by-text", set(fv(0.1)), set(pv("0.1")))
	eq("set/empty", cty.SetValEmpty(S), cty.SetValEmpty(S))
	eq("set/zero-and-neg-zero-vs-zero", set(iv(0), pv("-0")), set(iv(0)))
	// marks
	eq("marks/one-marked", sv("a").Mark("sensitive"), sv("a"))
	eq("marks/both-marked", sv("a").Mark("sensitive"), sv("a").Mark("sensitive"))
	eq("marks/different-marks", sv("a").Mark("sensitive"), sv("a").Mark("ephemeral"))
	eq("marks/nested", list(sv("a").Mark("sensitive")), list(sv("a")))
	eq("marks/unknown-marked", unk(S).Mark("sensitive"), sv("a"))

	// refined operands (go-cty v1.13+; spec §1.4, §1.7, §7.15–17)
	nn := obj{{"notNull", true}}
	boolU := unknownDesc(B, nn)
	eqSpec("refined/null-vs-unknown-not-null", desc(null(S)), unknownDesc(S, nn), desc(cty.False), false, "spec §7.16")
	eqSpec("refined/string-vs-prefix-b", desc(sv("a")), unknownDesc(S, obj{{"prefix", "b"}}), desc(cty.False), false, "spec §7.17")
	eqSpec("refined/string-vs-prefix-a", desc(sv("abc")), unknownDesc(S, obj{{"prefix", "a"}}), boolU, false, "prefix matches: unknown (spec §1.4)")
	eqSpec("refined/plain-vs-empty-refinement", unknownDesc(S, nil), unknownDesc(S, obj{}), boolU, false, "RawEquals compares refinements exactly (spec §1.4)")
	eqSpec("refined/same-refinement", unknownDesc(S, nn), unknownDesc(S, nn), boolU, true, "spec §1.4")
	eqSpec("refined/number-outside-bounds", desc(iv(7)), unknownDesc(N, obj{{"notNull", true}, {"lower", obj{{"n", numDesc(new(big.Float).SetInt64(0))}, {"inclusive", true}}}, {"upper", obj{{"n", numDesc(new(big.Float).SetInt64(5))}, {"inclusive", true}}}}), desc(cty.False), false, "known outside the unknown's range is False (spec §1.4)")
	eqSpec("refined/number-inside-bounds", desc(iv(3)), unknownDesc(N, obj{{"notNull", true}, {"lower", obj{{"n", numDesc(new(big.Float).SetInt64(0))}, {"inclusive", true}}}, {"upper", obj{{"n", numDesc(new(big.Float).SetInt64(5))}, {"inclusive", true}}}}), boolU, false, "spec §1.4")
	eqSpec("refined/list-length-outside", desc(list(sv("a"))), unknownDesc(L(S), obj{{"lenLower", 2}}), desc(cty.False), false, "length outside the unknown's length range is False (spec §1.4)")
}
