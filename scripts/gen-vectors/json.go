package main

// json.jsonl: cty value JSON encode/decode vectors (spec §3.2, §3.3) and
// type-json.jsonl: type JSON vectors (spec §3.1).

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// goEscapesToModern rewrites the \u0008 and \u000c escapes of Go < 1.22's encoding/json to the
// short \b and \f that Go ≥ 1.22 (and so Terraform) writes (spec §3.2).
func goEscapesToModern(s string) (string, bool) {
	var b strings.Builder
	changed := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		if s[i+1] == 'u' && i+5 < len(s) {
			switch s[i+2 : i+6] {
			case "0008":
				b.WriteString(`\b`)
				i += 5
				changed = true
				continue
			case "000c":
				b.WriteString(`\f`)
				i += 5
				changed = true
				continue
			}
			b.WriteString(s[i : i+6])
			i += 5
			continue
		}
		b.WriteString(s[i : i+2])
		i++
	}
	return b.String(), changed
}

func jsEnc(name string, v cty.Value, ty cty.Type) {
	must(name, func() {
		rec := obj{{"type", typeJSON(ty)}, {"value", desc(v)}}
		b, err := ctyjson.Marshal(v, ty)
		if err != nil {
			out("json").add(name, rec.with("encodeError", errDesc(err)).with("source", "go-cty"))
			return
		}
		if !json.Valid(b) {
			// go-cty < v1.14.4 wrote an unknown inside a dynamic slot as nothing at all.
			var at cty.Path
			cty.Walk(v, func(p cty.Path, x cty.Value) (bool, error) {
				if at == nil && !x.IsKnown() {
					at = p.Copy()
				}
				return at == nil, nil
			})
			if at == nil {
				panic("invalid JSON without an unknown value")
			}
			out("json").add(name, rec.with("encodeError", obj{{"message", "value is not known"}, {"path", renderPath(at)}, {"exact", true}}).
				with("source", "spec").with("note", fmt.Sprintf("go-cty before v1.14.4 (this generator's) wrote invalid JSON %q for an unknown in a dynamic slot; v1.14.4+ reports the unknown", string(b))))
			return
		}
		text, changed := goEscapesToModern(string(b))
		rec = rec.with("json", text)
		dv, derr := ctyjson.Unmarshal(b, ty)
		if derr != nil {
			rec = rec.with("decodeError", errDesc(derr))
		} else {
			rec = rec.with("decoded", desc(dv))
		}
		if changed {
			rec = rec.with("source", "spec").with("note", "Go < 1.22 encoding/json wrote \\u0008/\\u000c; Terraform's Go ≥ 1.22 writes \\b/\\f (spec §3.2)")
		} else {
			rec = rec.with("source", "go-cty")
		}
		out("json").add(name, rec)
	})
}

func jsDec(name string, text string, ty cty.Type) {
	must(name, func() {
		rec := obj{{"type", typeJSON(ty)}, {"json", text}}
		dv, err := ctyjson.Unmarshal([]byte(text), ty)
		if err != nil {
			rec = rec.with("decodeError", errDesc(err))
		} else {
			rec = rec.with("decoded", desc(dv))
		}
		out("json").add(name, rec.with("source", "go-cty"))
	})
}

func genJSON() {
	// strings and escaping
	jsEnc("string/hi", sv("hi"), S)
	jsEnc("string/empty", sv(""), S)
	jsEnc("string/quote-backslash-newline", sv("a\"b\\c\nd\re\tf"), S)
	jsEnc("string/backspace-formfeed", sv("\b\f"), S)
	jsEnc("string/controls", sv("\x00\x01\x1f\x7f"), S)
	jsEnc("string/html-chars", sv("<&>"), S)
	jsEnc("string/line-separators", sv("a\u2028b\u2029c"), S)
	jsEnc("string/slash-and-unicode", sv("a/b é 日本 😀"), S)
	jsEnc("string/nfc", sv("e\u0301"), S)
	jsEnc("string/null", null(S), S)
	jsEnc("string/unknown", unk(S), S)
	jsEnc("string/marked", sv("s").Mark("sensitive"), S)
	// numbers
	for _, c := range []struct {
		name string
		v    cty.Value
	}{
		{"int/0", iv(0)}, {"int/-1", iv(-1)}, {"int/2^53+1", iv(1<<53 + 1)}, {"int/max", iv(math.MaxInt64)},
		{"uint/max", uv(math.MaxUint64)}, {"float64/0.1", fv(0.1)}, {"float64/0.1+0.2", fv(0.1).Add(fv(0.2))},
		{"float64/1e21", fv(1e21)}, {"float64/1e-7", fv(1e-7)}, {"float64/-0", fv(math.Copysign(0, -1))},
		{"float64/1.5", fv(1.5)}, {"float64/5e-324", fv(5e-324)}, {"parsed/0.1+0.2", pv("0.1").Add(pv("0.2"))},
		{"parsed/1.10", pv("1.10")}, {"parsed/1e20", pv("1e20")}, {"parsed/1e21", pv("1e21")},
		{"parsed/1e-7", pv("1e-7")}, {"parsed/-0.0", pv("-0.0")}, {"parsed/1e-400", pv("1e-400")},
		{"parsed/123456789.123456789", pv("123456789.123456789")}, {"int-div/1/3", iv(1).Divide(iv(3))},
	} {
		// int64 1/3 has 64-bit precision, which the value description cannot carry: skip it here.
		if c.name == "int-div/1/3" {
			continue
		}
		jsEnc("number/"+c.name, c.v, N)
	}
	jsEnc("number/+Inf", cty.PositiveInfinity, N)
	jsEnc("number/-Inf", cty.NegativeInfinity, N)
	jsEnc("number/null", null(N), N)
	jsEnc("bool/true", bv(true), B)
	jsEnc("bool/false", bv(false), B)
	jsEnc("bool/null", null(B), B)
	// collections and structures
	jsEnc("list/strings", list(sv("a"), null(S), sv("c")), L(S))
	jsEnc("list/empty", cty.ListValEmpty(S), L(S))
	jsEnc("list/null", null(L(S)), L(S))
	jsEnc("list/with-unknown", list(sv("a"), unk(S)), L(S))
	jsEnc("set/strings-byte-order", set(sv("b"), sv("B"), sv("é"), sv("a"), sv("aa"), sv("")), St(S))
	jsEnc("set/numbers", set(iv(10), iv(2), iv(1)), St(N))
	jsEnc("set/with-null", set(sv("b"), null(S), sv("a")), St(S))
	jsEnc("set/objects-hash-order", set(object("n", iv(10)), object("n", iv(9)), object("n", iv(2))), St(O("n", N)))
	jsEnc("map/byte-order-keys", mapv("\uff01", iv(1), "\U0001F600", iv(2), "a", iv(3)), M(N))
	jsEnc("map/empty", cty.MapValEmpty(N), M(N))
	jsEnc("map/html-key", mapv("<k>", sv("&")), M(S))
	jsEnc("object/all-attributes-sorted-nulls", object("b", sv("x"), "a", null(N), "c", list(bv(true))), O("a", N, "b", S, "c", L(B)))
	jsEnc("object/empty", cty.EmptyObjectVal, cty.EmptyObject)
	jsEnc("object/null", null(O("a", S)), O("a", S))
	jsEnc("object/nested-unknown", object("a", object("b", unk(S))), O("a", O("b", S)))
	jsEnc("tuple/mixed", tuple(sv("a"), iv(1), bv(true), null(S)), T(S, N, B, S))
	jsEnc("tuple/empty", cty.EmptyTupleVal, cty.EmptyTuple)
	// dynamic
	jsEnc("dynamic/object", object("a", list(bv(true))), D)
	jsEnc("dynamic/string", sv("x"), D)
	jsEnc("dynamic/null-string", null(S), D)
	jsEnc("dynamic/null-dynamic", null(D), D)
	jsEnc("dynamic/DynamicVal", cty.DynamicVal, D)
	jsEnc("dynamic/number", pv("0.1"), D)
	jsEnc("dynamic/object-with-html-name", object("<x>", sv("v")), D)
	jsEnc("dynamic/list-of-dynamic", list(sv("a")), L(D))
	jsEnc("dynamic/attribute", object("d", iv(1)), O("d", D))
	jsEnc("dynamic/tuple", tuple(sv("a"), set(iv(1))), D)

	// decoding leniency and errors (spec §3.3)
	jsDec("decode/string-from-number-keeps-text", `12.50`, S)
	jsDec("decode/string-from-bool", `true`, S)
	jsDec("decode/string-from-object-fails", `{}`, S)
	jsDec("decode/number-from-numeric-string", `"12.50"`, N)
	jsDec("decode/number-from-exponent", `1e3`, N)
	jsDec("decode/number-from-bad-string", `"abc"`, N)
	jsDec("decode/number-from-bool-fails", `true`, N)
	jsDec("decode/number-huge", `123456789012345678901234567890`, N)
	jsDec("decode/bool-from-string-1", `"1"`, B)
	jsDec("decode/bool-from-string-false", `"false"`, B)
	jsDec("decode/bool-from-string-True", `"True"`, B)
	jsDec("decode/bool-from-number-fails", `1`, B)
	jsDec("decode/null-string", `null`, S)
	jsDec("decode/null-dynamic", `null`, D)
	jsDec("decode/null-list", `null`, L(S))
	jsDec("decode/object-missing-attributes-null", `{"a":"x"}`, O("a", S, "b", N))
	jsDec("decode/object-empty-all-null", `{}`, O("a", S, "b", N))
	jsDec("decode/object-unsupported-attribute", `{"a":"x","z":1}`, O("a", S))
	jsDec("decode/object-attribute-error-path", `{"a":{"b":[1,{}]}}`, O("a", O("b", L(S))))
	jsDec("decode/set-duplicates-removed", `["a","a","b"]`, St(S))
	jsDec("decode/set-order-normalized", `["c","a","b"]`, St(S))
	jsDec("decode/list-of-numbers", `[1, 2.5, "3"]`, L(N))
	jsDec("decode/list-not-array", `{"a":1}`, L(N))
	jsDec("decode/map", `{"b":1,"a":2}`, M(N))
	jsDec("decode/map-element-error-path", `{"k":[]}`, M(S))
	jsDec("decode/tuple-too-many", `["a","b"]`, T(S))
	jsDec("decode/tuple-not-enough", `{"t":["a"]}`, O("t", T(S, S)))
	jsDec("decode/tuple-ok", `["a",1,true]`, T(S, N, B))
	jsDec("decode/dynamic-value-type", `{"value":{"a":[true]},"type":["object",{"a":["list","bool"]}]}`, D)
	jsDec("decode/dynamic-type-first", `{"type":"number","value":"42"}`, D)
	jsDec("decode/dynamic-missing-type", `{"value":1}`, D)
	jsDec("decode/dynamic-missing-value", `{"type":"string"}`, D)
	jsDec("decode/dynamic-invalid-key", `{"type":"string","value":"x","extra":1}`, D)
	jsDec("decode/dynamic-null-value", `{"value":null,"type":"string"}`, D)
	jsDec("decode/trailing-data-ignored", `"a" "b"`, S)
	jsDec("decode/whitespace", " [ \"a\" , \"b\" ] ", L(S))
	jsDec("decode/escapes", `"\u00e9\n\u003c\ud83d\ude00"`, S)
	jsDec("decode/nfc-on-decode", `"e\u0301"`, S)
	jsDec("decode/empty-input", ``, S)
	jsDec("decode/invalid-json", `{`, O("a", S))
}

// --- type JSON

func tyEnc(name string, t cty.Type) {
	must(name, func() {
		b, err := t.MarshalJSON()
		if err != nil {
			out("type-json").add(name, obj{{"encodeError", errDesc(err)}, {"source", "go-cty"}})
			return
		}
		var back cty.Type
		rec := obj{{"input", string(b)}}
		if err := back.UnmarshalJSON(b); err != nil {
			panic(fmt.Sprintf("type JSON does not round-trip: %v", err))
		}
		out("type-json").add(name, rec.with("json", string(b)).with("source", "go-cty"))
	})
}

func tyDec(name string, text string) {
	must(name, func() {
		var t cty.Type
		rec := obj{{"input", text}}
		if err := t.UnmarshalJSON([]byte(text)); err != nil {
			out("type-json").add(name, rec.with("decodeError", errDesc(err)).with("source", "go-cty"))
			return
		}
		b, err := t.MarshalJSON()
		if err != nil {
			panic(err)
		}
		out("type-json").add(name, rec.with("json", string(b)).with("source", "go-cty"))
	})
}

func genTypeJSON() {
	for _, c := range []struct {
		name string
		t    cty.Type
	}{
		{"string", S}, {"number", N}, {"bool", B}, {"dynamic", D},
		{"list-string", L(S)}, {"set-number", St(N)}, {"map-bool", M(B)}, {"list-dynamic", L(D)},
		{"nested-collections", M(St(T(S)))}, {"list-list-list", L(L(L(N)))},
		{"object-empty", cty.EmptyObject}, {"object-sorted-keys", O("b", S, "a", N, "B", B, "_", D)},
		{"object-nested", O("a", L(O("b", M(S))))},
		{"object-html-names", O("<x>", S, "a&b", N)},
		{"object-unicode-names", O("é", S, "\U0001F600", N, "\uff01", B)},
		{"object-quote-name", O("a\"b\\c", S)},
		{"object-optional", OOpt([]string{"b", "a"}, "a", S, "b", N, "c", B)},
		{"object-optional-nested", O("x", OOpt([]string{"y"}, "y", S))},
		{"object-optional-none", OOpt(nil, "a", S)},
		{"tuple-empty", cty.EmptyTuple}, {"tuple-mixed", T(S, N, B, D, L(S))},
	} {
		tyEnc("encode/"+c.name, c.t)
	}
	for _, c := range []struct{ name, text string }{
		{"spaces", ` [ "list" , "string" ] `},
		{"newlines", "[\n\"map\",\n\"number\"\n]"},
		{"object-key-order", `["object",{"b":"string","a":"number"}]`},
		{"object-optional", `["object",{"a":"string","b":"number"},["b"]]`},
		{"object-optional-unsorted", `["object",{"a":"string","b":"number"},["b","a"]]`},
		{"object-optional-empty-list", `["object",{"a":"string"},[]]`},
		{"escaped-name", `["object",{"\u003cx\u003e":"string"}]`},
		{"tuple-nested", `["tuple",[["list","bool"],"dynamic"]]`},
		{"unknown-primitive", `"text"`},
		{"capitalized-primitive", `"String"`},
		{"trailing-data", `"string" "number"`},
		{"trailing-data-after-complex", `["list","string"] 1`},
		{"unknown-kind", `["array","string"]`},
		{"list-missing-element", `["list"]`},
		{"list-extra-element", `["list","string","number"]`},
		{"object-not-object", `["object","string"]`},
		{"tuple-not-array", `["tuple","string"]`},
		{"number-literal", `1`},
		{"null", `null`},
		{"empty", ``},
		{"empty-array", `[]`},
		{"kind-not-string", `[1,"string"]`},
		{"object-extra-after-optional", `["object",{"a":"string"},["a"],1]`},
		{"bad-element", `["list","strin"]`},
	} {
		tyDec("decode/"+c.name, c.text)
	}
}
