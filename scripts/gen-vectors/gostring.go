package main

// go-string.jsonl: `%#v` of values and types, and type friendly names (spec §1.1, §1.9): the
// renderings Terraform puts in contract error messages.

import (
	"fmt"
	"math"

	"github.com/zclconf/go-cty/cty"
)

func gsVal(name string, v cty.Value) {
	must(name, func() {
		out("go-string").add("value/"+name, obj{{"value", desc(v)}, {"goString", fmt.Sprintf("%#v", v)}, {"source", "go-cty"}})
	})
}

func gsType(name string, t cty.Type) {
	must(name, func() {
		out("go-string").add("type/"+name, obj{
			{"type", typeJSON(t)},
			{"goString", fmt.Sprintf("%#v", t)},
			{"friendlyName", t.FriendlyName()},
			{"friendlyNameForConstraint", t.FriendlyNameForConstraint()},
			{"source", "go-cty"},
		})
	})
}

func gsSpec(name string, value obj, goString string, note string) {
	out("go-string").add("value/"+name, obj{{"value", value}, {"goString", goString}, {"source", "spec"}, {"note", note}})
}

func genGoString() {
	gsVal("string", sv("hello"))
	gsVal("string-escapes", sv("a\"b\n\t\\"))
	gsVal("string-unicode", sv("é 日本 😀 \u2028"))
	gsVal("string-control", sv("\x01\x7f"))
	gsVal("string-empty", sv(""))
	gsVal("true", cty.True)
	gsVal("false", cty.False)
	gsVal("int-21", iv(21))
	gsVal("int-1e6", iv(1000000))
	gsVal("int-123456", iv(123456))
	gsVal("int-1234567890123", iv(1234567890123))
	gsVal("int-negative", iv(-42))
	gsVal("int-zero", iv(0))
	gsVal("int64-max", iv(math.MaxInt64))
	gsVal("uint64-max", uv(math.MaxUint64))
	gsVal("float-1.5", fv(1.5))
	gsVal("float-0.1", fv(0.1))
	gsVal("float-1e-7", fv(1e-7))
	gsVal("float-neg-zero", fv(math.Copysign(0, -1)))
	gsVal("float-1e300", fv(1e300))
	gsVal("float-3.4028234663852886e38", fv(3.4028234663852886e+38))
	gsVal("parsed-0.1", pv("0.1"))
	gsVal("parsed-1.5", pv("1.5"))
	gsVal("parsed-1", pv("1"))
	gsVal("parsed-1e20", pv("1e20"))
	gsVal("parsed-1e-400", pv("1e-400"))
	gsVal("parsed-0.30000000000000004", pv("0.30000000000000004"))
	gsVal("float-sum-0.1+0.2", fv(0.1).Add(fv(0.2)))
	gsVal("+Inf", cty.PositiveInfinity)
	gsVal("-Inf", cty.NegativeInfinity)
	gsVal("null-string", null(S))
	gsVal("null-list", null(L(S)))
	gsVal("null-dynamic", null(D))
	gsVal("unknown-string", unk(S))
	gsVal("unknown-object", unk(O("a", S)))
	gsVal("DynamicVal", cty.DynamicVal)
	gsVal("list", list(sv("a"), sv("b")))
	gsVal("list-empty", cty.ListValEmpty(S))
	gsVal("list-empty-of-objects", cty.ListValEmpty(O("a", N)))
	gsVal("set", set(sv("b"), sv("a")))
	gsVal("set-empty", cty.SetValEmpty(N))
	gsVal("map", mapv("b", cty.True, "a", cty.False))
	gsVal("map-empty", cty.MapValEmpty(B))
	gsVal("map-quoted-key", mapv("a\"b", sv("x")))
	gsVal("object", object("name", sv("web"), "port", iv(8080), "tags", mapv("env", sv("prod"))))
	gsVal("object-empty", cty.EmptyObjectVal)
	gsVal("object-null-attribute", object("a", null(N)))
	gsVal("tuple", tuple(sv("a"), iv(1), cty.True))
	gsVal("tuple-empty", cty.EmptyTupleVal)
	gsVal("marked-string", sv("secret").Mark("sensitive"))
	gsVal("marked-element", list(sv("a").Mark("sensitive")))
	gsVal("marked-list-and-element", list(sv("a").Mark("x")).Mark("y"))
	gsVal("nested", list(object("a", list(iv(1)), "b", null(S))))

	const why = "refinements need go-cty v1.13+; rendering from spec §1.9"
	nn := obj{{"notNull", true}}
	gsSpec("refined-not-null", unknownDesc(S, nn), "cty.UnknownVal(cty.String).RefineNotNull()", why)
	gsSpec("refined-number-bounds", unknownDesc(N, obj{{"notNull", true},
		{"lower", obj{{"n", numDesc(iv(0).AsBigFloat())}, {"inclusive", true}}},
		{"upper", obj{{"n", numDesc(iv(5).AsBigFloat())}, {"inclusive", true}}}}),
		"cty.UnknownVal(cty.Number).Refine().NotNull().NumberLowerBound(cty.NumberIntVal(0), true).NumberUpperBound(cty.NumberIntVal(5), true).NewValue()", why)
	gsSpec("refined-list-length-3", unknownDesc(L(S), obj{{"lenLower", 3}, {"lenUpper", 3}}),
		"cty.UnknownVal(cty.List(cty.String)).Refine().CollectionLengthLowerBound(3).CollectionLengthUpperBound(3).NewValue()", why+", §4.2")

	for _, c := range []struct {
		name string
		t    cty.Type
	}{
		{"string", S}, {"number", N}, {"bool", B}, {"dynamic", D},
		{"list-string", L(S)}, {"set-number", St(N)}, {"map-bool", M(B)},
		{"map-set-tuple", M(St(T(S)))}, {"list-dynamic", L(D)}, {"map-dynamic", M(D)}, {"set-dynamic", St(D)},
		{"object", O("b", B, "a", L(S))}, {"object-empty", cty.EmptyObject},
		{"object-optional", OOpt([]string{"a"}, "a", S, "b", N)},
		{"tuple", T(S, N)}, {"tuple-empty", cty.EmptyTuple},
		{"list-of-objects", L(O("a", S))}, {"list-of-list-of-number", L(L(N))},
		{"set-of-maps", St(M(S))}, {"map-of-tuples", M(T(B))},
	} {
		gsType(c.name, c.t)
	}
}
