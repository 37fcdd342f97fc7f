package main

// convert.jsonl (spec §4, §7.24–30) and unify.jsonl (spec §4.5).

import (
	"math"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// specUnknownRefinement is the refinement go-cty v1.13+ adds when converting a plain unknown
// (spec §4.2 item 3); nil when it adds none.
func specUnknownRefinement(in cty.Value, want cty.Type, result cty.Value) obj {
	if in.IsKnown() || result.IsKnown() {
		return nil
	}
	inTy := in.Type()
	outTy := result.Type()
	length := func(lo, hi int) obj {
		o := obj{}
		if lo > 0 {
			o = o.with("lenLower", lo)
		}
		return o.with("lenUpper", hi)
	}
	switch {
	case inTy.IsObjectType() && outTy.IsMapType():
		n := len(inTy.AttributeTypes())
		return length(n, n)
	case inTy.IsTupleType() && outTy.IsListType():
		n := len(inTy.TupleElementTypes())
		return length(n, n)
	case inTy.IsTupleType() && outTy.IsSetType():
		n := len(inTy.TupleElementTypes())
		switch n {
		case 0:
			return length(0, 0)
		case 1:
			return length(1, 1)
		default:
			return length(1, n)
		}
	case (inTy.IsListType() || inTy.IsSetType() || inTy.IsMapType()) &&
		(outTy.IsListType() || outTy.IsSetType() || outTy.IsMapType()):
		// The source's length bounds carry over; a plain unknown has none, but go-cty still
		// builds the result with Refine()...NewValue(), leaving an empty refinement.
		return obj{}
	}
	return nil
}

func cv(name string, v cty.Value, want cty.Type) {
	must(name, func() {
		uv, _ := v.UnmarkDeep()
		rec := obj{{"value", desc(v)}, {"want", typeJSON(want)}}
		rec = rec.with("safe", convert.GetConversion(uv.Type(), want) != nil)
		rec = rec.with("unsafe", convert.GetConversionUnsafe(uv.Type(), want) != nil)
		res, err := convert.Convert(v, want)
		// go-cty builds some mismatch messages in map iteration order: insist on one answer.
		for i := 0; i < 32; i++ {
			res2, err2 := convert.Convert(v, want)
			if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) || (err == nil && !res.RawEquals(res2)) {
				panic("conversion result is not deterministic")
			}
		}
		if err != nil {
			out("convert").add(name, rec.with("error", errDesc(err)).with("source", "go-cty"))
			return
		}
		if r := specUnknownRefinement(v, want, res); r != nil && !res.IsMarked() {
			d := desc(res)
			d = d.with("refine", r)
			out("convert").add(name, rec.with("result", d).with("source", "spec").
				with("note", "go-cty v1.13+ refines the unknown result's length (spec §4.2 item 3); go-cty 1.12 returned it unrefined"))
			return
		}
		out("convert").add(name, rec.with("result", desc(res)).with("source", "go-cty"))
	})
}

func genConvert() {
	// number → string
	cv("number-to-string/parsed-1.50", pv("1.50"), S)
	cv("number-to-string/parsed-1e21", pv("1e21"), S)
	cv("number-to-string/float64-1/3", fv(1.0/3), S)
	cv("number-to-string/int-42", iv(42), S)
	cv("number-to-string/parsed--0", pv("-0"), S)
	cv("number-to-string/float64-0.1", fv(0.1), S)
	cv("number-to-string/parsed-1e-7", pv("1e-7"), S)
	cv("number-to-string/uint64-max", uv(math.MaxUint64), S)
	cv("number-to-string/+Inf", cty.PositiveInfinity, S)
	cv("bool-to-string/true", bv(true), S)
	cv("bool-to-string/false", bv(false), S)
	// string → number
	for _, s := range []string{"42", "1.5", "1e3", ".5", "5.", "+5", "00012", "1p3", "-1.25e-3", "Inf", "-inf", "+Inf",
		"123456789012345678901234567890", "0.1", "NaN", "infinity", "0x10", "1_000", " 1", "1 ", "", "abc", "1e", "--1"} {
		cv("string-to-number/"+quoteName(s), sv(s), N)
	}
	// string → bool
	for _, s := range []string{"true", "false", "1", "0", "True", "FALSE", "tRUE", "yes", "", " true"} {
		cv("string-to-bool/"+quoteName(s), sv(s), B)
	}
	cv("number-to-bool/none", iv(1), B)
	cv("bool-to-number/none", bv(true), N)
	cv("string-to-string/same", sv("a"), S)
	// nulls, unknowns, marks, dynamic
	cv("null/string-to-number", null(S), N)
	cv("null/dynamic-to-object-optional", null(D), OOpt([]string{"b"}, "a", S, "b", N))
	cv("null/list-to-list-dynamic-keeps-element-type", null(L(S)), L(D))
	cv("null/object-to-object-optional", null(O("a", S)), OOpt([]string{"b"}, "a", S, "b", S))
	cv("unknown/string-to-number", unk(S), N)
	cv("unknown/DynamicVal-to-string", cty.DynamicVal, S)
	cv("unknown/DynamicVal-to-list", cty.DynamicVal, L(S))
	cv("unknown/list-to-set", unk(L(S)), St(S))
	cv("unknown/set-to-list", unk(St(S)), L(S))
	cv("unknown/tuple3-to-list", unk(T(S, S, S)), L(S))
	cv("unknown/tuple3-to-set", unk(T(S, S, S)), St(S))
	cv("unknown/tuple1-to-set", unk(T(S)), St(S))
	cv("unknown/tuple0-to-set", unk(cty.EmptyTuple), St(S))
	cv("unknown/object2-to-map", unk(O("a", S, "b", S)), M(S))
	cv("unknown/object-to-object", unk(O("a", S, "b", S)), O("a", S))
	cv("unknown/to-dynamic-unchanged", unk(S), D)
	cv("dynamic/known-unchanged", list(sv("a")), D)
	cv("dynamic/null-unchanged", null(N), D)
	cv("marks/string-to-number", sv("1").Mark("sensitive"), N)
	cv("marks/element-to-number", list(sv("1").Mark("sensitive"), sv("2")), L(N))
	cv("marks/failure", sv("x").Mark("sensitive"), N)
	// collections
	cv("list-to-set/dedup", list(sv("b"), sv("a"), sv("b")), St(S))
	cv("list-to-set/element-convert", list(iv(2), iv(1)), St(S))
	cv("set-to-list/order", set(sv("b"), sv("a")), L(S))
	cv("set-to-list/unknown-length", set(sv("a"), unk(S), unk(S)), L(S))
	cv("set-to-list/one-unknown", set(unk(S)), L(S))
	cv("set-to-set/element-convert", set(iv(10), iv(9)), St(S))
	cv("set-to-set/element-fail-path", set(sv("x"), sv("1")), St(N))
	cv("list-to-list/element-convert", list(iv(1), iv(2)), L(S))
	cv("list-to-list/element-fail-path", list(sv("1"), sv("x")), L(N))
	cv("list-to-list/null-element-retyped", list(null(O("a", S)), object("a", sv("x"))), L(OOpt([]string{"b"}, "a", S, "b", S)))
	cv("list-to-list/unknown-element", list(sv("1"), unk(S)), L(N))
	cv("list-to-list-dynamic/unchanged", list(sv("a")), L(D))
	cv("list-to-map/none", list(sv("a")), M(S))
	cv("map-to-map/element-convert", mapv("a", iv(1), "b", iv(2)), M(S))
	cv("map-of-bools-to-map-string", mapv("a", bv(true)), M(S))
	cv("map-to-map/element-fail-path", mapv("a", sv("1"), "b", sv("x")), M(N))
	cv("map-to-object/extra-dropped-optional-null", mapv("a", sv("x"), "c", sv("z")), OOpt([]string{"b"}, "a", S, "b", S))
	cv("map-to-object/missing-required", mapv("a", sv("x")), O("a", S, "b", S))
	cv("map-to-object/element-convert", mapv("a", sv("1")), O("a", N))
	cv("map-to-object/empty", cty.MapValEmpty(S), cty.EmptyObject)
	cv("object-to-map/unify-string", object("a", sv("x"), "b", iv(1)), M(D))
	cv("object-to-map/string", object("a", sv("x"), "b", bv(true)), M(S))
	cv("object-to-map/unify-fails", object("a", bv(true), "b", iv(1)), M(D))
	cv("object-to-map/empty", cty.EmptyObjectVal, M(S))
	cv("object-to-object/extra-dropped", object("a", sv("x"), "extra", sv("y")), O("a", S))
	cv("object-to-object/missing-optional", object("a", sv("x")), OOpt([]string{"b"}, "a", S, "b", S))
	cv("object-to-object/missing-required", object("a", sv("x")), O("a", S, "b", S))
	cv("object-to-object/null-attribute-retyped", object("a", null(O("x", S))), O("a", OOpt([]string{"y"}, "x", S, "y", N)))
	cv("object-to-object/nested-fail-path", object("a", list(object("b", sv("x")))), O("a", L(O("b", N))))
	cv("object-to-object/nested-optional", object("a", list(object("b", sv("1")))), O("a", L(OOpt([]string{"c"}, "b", N, "c", B))))
	cv("object-to-object/attribute-dynamic", object("a", iv(1)), O("a", D))
	cv("tuple-to-list/unify-string", tuple(sv("a"), iv(1), bv(true)), L(S))
	cv("tuple-to-list/dynamic-unify", tuple(sv("a"), iv(1)), L(D))
	cv("tuple-to-list/dynamic-unify-fails", tuple(iv(1), bv(true)), L(D))
	cv("tuple-to-list/empty-string", cty.EmptyTupleVal, L(S))
	cv("tuple-to-list/empty-dynamic", cty.EmptyTupleVal, L(D))
	cv("tuple-to-list/objects-become-maps", tuple(object("a", sv("x")), object("a", sv("y"), "b", sv("z"))), L(D))
	cv("tuple-to-list/element-fail-path", tuple(sv("1"), sv("x")), L(N))
	cv("tuple-to-set/dedup", tuple(sv("b"), sv("a"), sv("b")), St(S))
	cv("tuple-to-set/dynamic", tuple(iv(2), sv("1")), St(D))
	cv("tuple-to-tuple/element-convert", tuple(iv(1), sv("2")), T(S, N))
	cv("tuple-to-tuple/length-mismatch", tuple(iv(1)), T(S, S))
	cv("list-to-tuple/none", list(sv("a")), T(S))
	cv("primitive-to-list/none", sv("a"), L(S))
	cv("list-to-string/none", list(sv("a")), S)
	cv("object-to-list/none", object("a", sv("x")), L(S))
	cv("set-of-objects-to-list/order", set(object("n", iv(10)), object("n", iv(9)), object("n", iv(2))), L(O("n", N)))
	cv("list-of-lists/inner-convert", list(list(iv(1)), list(iv(2), iv(3))), L(L(S)))
	cv("map-of-lists-to-map-dynamic", mapv("a", list(sv("x")), "b", cty.ListValEmpty(S)), M(D))
	cv("object-with-list-and-tuple-to-map-dynamic", object("a", list(sv("x")), "b", tuple(sv("y"))), M(D))

	// MismatchMessage wording (convert/mismatch_msg.go), one problem per vector
	cv("mismatch/two-missing-attributes", object("a", sv("x")), O("a", S, "b", S, "c", S))
	cv("mismatch/three-missing-attributes", object("a", sv("x")), O("a", S, "b", S, "c", S, "d", N))
	cv("mismatch/missing-required-optional-present", object("a", sv("x")), OOpt([]string{"c"}, "a", S, "b", S, "c", S))
	cv("mismatch/attribute-type", object("a", bv(true), "b", sv("x")), O("a", N, "b", S))
	cv("mismatch/attribute-value", object("a", sv("x"), "b", sv("y")), O("a", N, "b", S))
	cv("mismatch/nested-attribute-type", object("o", object("a", bv(true))), O("o", O("a", N)))
	cv("mismatch/tuple-element-to-list", tuple(sv("a"), tuple(sv("b"))), L(S))
	cv("mismatch/tuple-element-to-set", tuple(sv("a"), list(sv("b"))), St(S))
	cv("mismatch/object-element-to-map", object("a", sv("x"), "b", list(sv("y"))), M(S))
	cv("mismatch/list-of-lists-to-list", list(list(sv("a"))), L(S))
	cv("mismatch/set-of-bools-to-set-of-numbers", set(bv(true)), St(N))
	cv("mismatch/map-of-lists-to-map", mapv("a", list(sv("x"))), M(S))
	cv("mismatch/list-to-map", list(sv("a")), M(S))
	cv("mismatch/map-to-list", mapv("a", sv("x")), L(S))
	cv("mismatch/set-to-map", set(sv("a")), M(S))
	cv("mismatch/string-to-object", sv("a"), O("a", S))
	cv("mismatch/string-to-tuple", sv("a"), T(S))
	cv("mismatch/number-to-list-any", iv(1), L(D))
	cv("mismatch/number-to-map-any", iv(1), M(D))
	cv("mismatch/number-to-set-any", iv(1), St(D))
	cv("mismatch/tuple-length", tuple(sv("a"), sv("b"), sv("c")), T(S, S))
	cv("mismatch/tuple-to-object", tuple(sv("a")), O("a", S))
	cv("mismatch/object-to-tuple", object("a", sv("x")), T(S))
	cv("mismatch/list-to-tuple", list(sv("a"), sv("b")), T(S, S))
	cv("mismatch/tuple-to-set-any", tuple(iv(1), bv(true)), St(D))
	cv("mismatch/object-to-map-any", object("a", bv(true), "b", iv(1)), M(D))
	cv("mismatch/object-to-list", object("a", sv("x")), L(S))
	cv("mismatch/tuple-to-map", tuple(sv("a")), M(S))
	cv("mismatch/bool-to-list", bv(true), L(B))
	cv("mismatch/list-bool-to-list-number", list(bv(true)), L(N))
	cv("mismatch/map-object-missing-in-element", mapv("k", object("a", sv("x"))), M(O("a", S, "b", S)))
	// value-dependent failures and their paths
	cv("path/map-element", mapv("a", sv("1"), "b", sv("x")), M(N))
	cv("path/map-to-object-element", mapv("a", sv("x")), O("a", N))
	cv("path/object-in-list-in-map", mapv("k", list(object("n", sv("1")), object("n", sv("no")))), M(L(O("n", N))))
	cv("path/set-of-objects-element", set(object("n", sv("x"))), St(O("n", N)))
	cv("path/tuple-nested", tuple(sv("1"), tuple(sv("x"))), T(N, T(N)))
	cv("path/object-attribute-string-to-bool", object("flag", sv("yes")), O("flag", B))
	cv("path/key-needing-quotes", mapv("a \"b\"", sv("x")), M(N))
	// unknowns, nulls and dynamics inside known containers
	cv("inner/DynamicVal-in-tuple-to-list", tuple(cty.DynamicVal, sv("a")), L(S))
	cv("inner/null-dynamic-in-tuple-to-list", tuple(null(D), sv("a")), L(S))
	cv("inner/null-in-list-to-set", list(null(S), sv("a"), null(S)), St(S))
	cv("inner/unknown-in-list-to-set-number", list(unk(S), sv("1")), St(N))
	cv("inner/unknown-object-in-list-to-optional", list(unk(O("a", S))), L(OOpt([]string{"b"}, "a", S, "b", S)))
	cv("inner/marked-map-element-fails", mapv("a", sv("x").Mark("sensitive")), M(N))
	cv("inner/marked-list-to-set", list(sv("b"), sv("a")).Mark("sensitive"), St(S))
	cv("inner/optional-nested-null", object("o", null(O("x", S))), O("o", OOpt([]string{"y"}, "x", S, "y", OOpt([]string{"z"}, "z", S))))
	cv("inner/object-optional-present", object("a", sv("x"), "b", iv(1)), OOpt([]string{"b"}, "a", S, "b", S))
	cv("inner/empty-list-to-set-any", cty.ListValEmpty(S), St(D))
	cv("inner/empty-map-to-object-optional", cty.MapValEmpty(S), OOpt([]string{"a"}, "a", S))
}

// quoteName makes a string usable inside a vector name.
func quoteName(s string) string {
	if s == "" {
		return "(empty)"
	}
	return "\"" + s + "\""
}

func uni(name string, types ...cty.Type) {
	must(name, func() {
		tjs := []interface{}{}
		for _, t := range types {
			tjs = append(tjs, typeJSON(t))
		}
		rec := obj{{"types", tjs}}
		safe, safeConvs := convert.Unify(types)
		unsafe, unsafeConvs := convert.UnifyUnsafe(types)
		needed := func(convs []convert.Conversion) []bool {
			out := []bool{}
			for _, c := range convs {
				out = append(out, c != nil)
			}
			return out
		}
		if safe == cty.NilType {
			rec = rec.with("safe", nil)
		} else {
			rec = rec.with("safe", typeJSON(safe)).with("safeConversions", needed(safeConvs))
		}
		if unsafe == cty.NilType {
			rec = rec.with("unsafe", nil)
		} else {
			rec = rec.with("unsafe", typeJSON(unsafe)).with("unsafeConversions", needed(unsafeConvs))
		}
		out("unify").add(name, rec.with("source", "go-cty"))
	})
}

func genUnify() {
	uni("number-string", N, S)
	uni("number-bool", N, B)
	uni("string-bool", S, B)
	uni("string-dynamic", S, D)
	uni("same-string", S, S)
	uni("list-string-tuple-number", L(S), T(N))
	uni("set-string-list-string", St(S), L(S))
	uni("tuple-objects", T(O("a", S)), T(O("a", S, "b", S)))
	uni("objects-a-string-b-number", O("a", S), O("b", N))
	uni("objects-a-bool-b-number", O("a", B), O("b", N))
	uni("objects-same-names", O("a", S), O("a", N))
	uni("objects-same-names-fail", O("a", B), O("a", N))
	uni("maps", M(S), M(N))
	uni("maps-dynamic", M(S), M(D))
	uni("map-object", M(S), O("a", N))
	uni("lists", L(N), L(S))
	uni("list-dynamic", L(S), D)
	uni("sets", St(N), St(B))
	uni("tuples-same-length", T(S, N), T(N, N))
	uni("tuples-different-length", T(S), T(S, N))
	uni("object-tuple", O("a", S), T(S))
	uni("all-dynamic", D, D)
	uni("empty-object-and-object", cty.EmptyObject, O("a", S))
	uni("number-string-bool", N, S, B)
	uni("list-and-set", L(S), St(N))
}
