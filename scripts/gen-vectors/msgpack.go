package main

// msgpack.jsonl: encode (value → hex) and decode (hex → value) vectors, spec §2 and §7.

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/msgpack"
)

// specNumberBytes applies go-cty ≥ v1.14.4's number selection (spec §2.3) where it differs
// from older go-cty: whole numbers outside int64 are sent as decimal strings, never float64.
func specNumberBytes(v cty.Value, ty cty.Type) ([]byte, bool) {
	if ty != cty.Number || v.IsMarked() || !v.IsKnown() || v.IsNull() {
		return nil, false
	}
	bf := v.AsBigFloat()
	if bf.IsInf() {
		return nil, false
	}
	if _, acc := bf.Int64(); acc == big.Exact {
		return nil, false
	}
	if !bf.IsInt() {
		return nil, false
	}
	return mpStr(bf.Text('f', -1)), true
}

// hasLegacyFloatInteger reports whether v holds, below its top level or in a dynamic slot, a whole
// number outside int64 that float64 holds exactly: go-cty < v1.14.4 encodes it as float64, newer
// go-cty as a decimal string, and only top-level numbers are rewritten by specNumberBytes.
func hasLegacyFloatInteger(v cty.Value, ty cty.Type) bool {
	found := false
	cty.Walk(v, func(p cty.Path, x cty.Value) (bool, error) {
		if len(p) == 0 && ty == cty.Number {
			return true, nil
		}
		ux, _ := x.Unmark()
		if ux.Type() == cty.Number && ux.IsKnown() && !ux.IsNull() {
			bf := ux.AsBigFloat()
			_, i64 := bf.Int64()
			_, f64 := bf.Float64()
			if !bf.IsInf() && bf.IsInt() && i64 != big.Exact && f64 == big.Exact {
				found = true
			}
		}
		return true, nil
	})
	return found
}

// mpEnc records an encode vector plus the decoding of the produced bytes.
// wantHex, when not empty, is the spec's hex: a mismatch with go-cty is reported on stderr.
func mpEnc(name string, v cty.Value, ty cty.Type, wantHex string) {
	must(name, func() {
		if hasLegacyFloatInteger(v, ty) {
			panic("nested whole number outside int64 that float64 holds exactly: its encoding changed in go-cty v1.14.4; avoid it or rewrite it")
		}
		rec := obj{{"type", typeJSON(ty)}, {"value", desc(v)}}
		b, err := msgpack.Marshal(v, ty)
		if err != nil {
			out("msgpack").add(name, rec.with("encodeError", errDesc(err)).with("source", "go-cty"))
			return
		}
		source := "go-cty"
		var note string
		if spec, ok := specNumberBytes(v, ty); ok && !bytes.Equal(spec, b) {
			note = fmt.Sprintf("go-cty before v1.14.4 (this generator's) wrote %x; v1.14.4+ sends whole numbers outside int64 as a decimal string (spec §2.3)", b)
			b = spec
			source = "spec"
		}
		if wantHex != "" && hex.EncodeToString(b) != strings.ReplaceAll(wantHex, " ", "") {
			fmt.Fprintf(os.Stderr, "WARN %s: go-cty %x, spec %s\n", name, b, wantHex)
		}
		rec = rec.with("hex", hex.EncodeToString(b))
		dv, derr := msgpack.Unmarshal(b, ty)
		if derr != nil {
			rec = rec.with("decodeError", errDesc(derr))
		} else {
			rec = rec.with("decoded", desc(dv))
		}
		rec = rec.with("source", source)
		if note != "" {
			rec = rec.with("note", note)
		}
		out("msgpack").add(name, rec)
	})
}

// mpDec records a decode-only vector.
func mpDec(name string, hexStr string, ty cty.Type) {
	must(name, func() {
		b := unhex(hexStr)
		rec := obj{{"type", typeJSON(ty)}, {"hex", hex.EncodeToString(b)}}
		dv, err := msgpack.Unmarshal(b, ty)
		if err != nil {
			rec = rec.with("decodeError", errDesc(err))
		} else {
			rec = rec.with("decoded", desc(dv))
		}
		out("msgpack").add(name, rec.with("source", "go-cty"))
	})
}

// mpSpec records a vector whose expectation comes from the spec (refinements and other
// behaviour newer than the generator's go-cty).
func mpSpec(name string, ty cty.Type, value obj, hexStr string, decoded obj, decodeErr obj, note string) {
	rec := obj{{"type", typeJSON(ty)}}
	if value != nil {
		rec = rec.with("value", value)
	}
	rec = rec.with("hex", strings.ReplaceAll(hexStr, " ", ""))
	if decoded != nil {
		rec = rec.with("decoded", decoded)
	}
	if decodeErr != nil {
		rec = rec.with("decodeError", decodeErr)
	}
	rec = rec.with("source", "spec").with("note", note)
	out("msgpack").add(name, rec)
}

func genMsgpack() {
	// --- strings
	mpEnc("string/hi", sv("hi"), S, "a26869")
	mpEnc("string/empty", sv(""), S, "a0")
	mpEnc("string/null", null(S), S, "c0")
	mpEnc("string/unknown", unk(S), S, "d40000")
	mpEnc("string/nfc-combining", sv("e\u0301"), S, "a2c3a9")
	mpEnc("string/accented", sv("é"), S, "")
	mpEnc("string/emoji", sv("😀"), S, "")
	mpEnc("string/cjk", sv("日本語"), S, "")
	mpEnc("string/nul-and-controls", sv("a\x00b\x1f"), S, "")
	for _, n := range []int{31, 32, 255, 256, 65535, 65536} {
		mpEnc(fmt.Sprintf("string/len-%d", n), sv(strings.Repeat("x", n)), S, "")
	}
	mpEnc("string/multibyte-len-32-bytes", sv(strings.Repeat("é", 16)), S, "")

	// --- numbers (spec §2.3, §2.8 #13–20, §7.1–10)
	ints := []struct {
		name string
		n    int64
		hex  string
	}{
		{"0", 0, "00"}, {"1", 1, "01"}, {"127", 127, "7f"}, {"128", 128, "cc80"}, {"255", 255, "ccff"},
		{"256", 256, "cd0100"}, {"65535", 65535, "cdffff"}, {"65536", 65536, "ce00010000"},
		{"4294967295", 4294967295, "ceffffffff"}, {"4294967296", 4294967296, "cf0000000100000000"},
		{"2^53+1", 1<<53 + 1, "cf0020000000000001"}, {"2^63-1", math.MaxInt64, "cf7fffffffffffffff"},
		{"-1", -1, "ff"}, {"-32", -32, "e0"}, {"-33", -33, "d0df"}, {"-128", -128, "d080"},
		{"-129", -129, "d1ff7f"}, {"-32768", -32768, "d18000"}, {"-32769", -32769, "d2ffff7fff"},
		{"-2147483648", math.MinInt32, "d280000000"}, {"-2147483649", math.MinInt32 - 1, "d3ffffffff7fffffff"},
		{"-2^63", math.MinInt64, "d38000000000000000"},
	}
	for _, c := range ints {
		mpEnc("number/int64/"+c.name, iv(c.n), N, c.hex)
	}
	mpEnc("number/uint64/max", uv(math.MaxUint64), N, "b4"+hex.EncodeToString([]byte("18446744073709551615")))
	mpEnc("number/uint64/2^63", uv(1<<63), N, "")
	mpEnc("number/uint64/2^64-2048", uv(math.MaxUint64-2047), N, "")
	mpEnc("number/float64/1.5", fv(1.5), N, "cb3ff8000000000000")
	mpEnc("number/float64/-0.5", fv(-0.5), N, "cbbfe0000000000000")
	mpEnc("number/float64/0.1", fv(0.1), N, "cb3fb999999999999a")
	mpEnc("number/float64/0.1+0.2", fv(0.1).Add(fv(0.2)), N, "")
	mpEnc("number/float64/2^53+1-literal", fv(1<<53+1), N, "cf0020000000000000")
	mpEnc("number/float64/1e300", fv(1e300), N, "")
	mpEnc("number/float64/-1e20", fv(-1e20), N, "")
	mpEnc("number/float64/5e-324", fv(5e-324), N, "")
	mpEnc("number/float64/max", fv(math.MaxFloat64), N, "")
	mpEnc("number/float64/neg-zero", fv(math.Copysign(0, -1)), N, "00")
	mpEnc("number/float64/3.0", fv(3), N, "03")
	mpEnc("number/parsed/0.1", pv("0.1"), N, "a3302e31")
	mpEnc("number/parsed/1.5", pv("1.5"), N, "cb3ff8000000000000")
	mpEnc("number/parsed/1e20", pv("1e20"), N, "b5"+hex.EncodeToString([]byte("100000000000000000000")))
	mpEnc("number/parsed/1.0", pv("1.0"), N, "01")
	mpEnc("number/parsed/-0", pv("-0"), N, "00")
	mpEnc("number/parsed/-0.0", pv("-0.0"), N, "00")
	mpEnc("number/parsed/1e-400", pv("1e-400"), N, "")
	mpEnc("number/parsed/1e-7", pv("1e-7"), N, "")
	mpEnc("number/parsed/123.456", pv("123.456"), N, "")
	mpEnc("number/parsed/2^63", bigIntVal(bigPow2(63)), N, "")
	mpEnc("number/parsed/2^64", bigIntVal(bigPow2(64)), N, "")
	mpEnc("number/parsed/-2^63-1", pv("-9223372036854775809"), N, "")
	mpEnc("number/parsed/-2^64", pv("-18446744073709551616"), N, "")
	mpEnc("number/parsed/1e21", pv("1e21"), N, "")
	mpEnc("number/parsed/12345678901234567890123", pv("12345678901234567890123"), N, "")
	mpEnc("number/parsed/0.30000000000000004", pv("0.30000000000000004"), N, "")
	mpEnc("number/parsed/1p3", pv("1p3"), N, "08")
	mpEnc("number/parsed/1_3", pv("0.3333333333333333333333333333333333"), N, "")
	mpEnc("number/parsed/0.1+0.2", pv("0.1").Add(pv("0.2")), N, "")
	mpEnc("number/+Inf", cty.PositiveInfinity, N, "cb7ff0000000000000")
	mpEnc("number/-Inf", cty.NegativeInfinity, N, "cbfff0000000000000")
	mpEnc("number/parsed-Inf", pv("Inf"), N, "cb7ff0000000000000")
	mpEnc("number/null", null(N), N, "c0")
	mpEnc("number/unknown", unk(N), N, "d40000")

	// number decoding: every msgpack number form (spec §2.3 "Decoding")
	mpDec("number/decode/fixint-5", "05", N)
	mpDec("number/decode/negfixint-minus-5", "fb", N)
	mpDec("number/decode/uint8-non-minimal-5", "cc05", N)
	mpDec("number/decode/uint16-non-minimal", "cd0005", N)
	mpDec("number/decode/uint32", "ce00010000", N)
	mpDec("number/decode/uint64-max", "cfffffffffffffffff", N)
	mpDec("number/decode/uint64-2^63", "cf8000000000000000", N)
	mpDec("number/decode/int8", "d0df", N)
	mpDec("number/decode/int8-positive", "d005", N)
	mpDec("number/decode/int16", "d1ff7f", N)
	mpDec("number/decode/int32", "d2ffff7fff", N)
	mpDec("number/decode/int64-min", "d38000000000000000", N)
	mpDec("number/decode/float32-1.5", "ca3fc00000", N)
	mpDec("number/decode/float32-0.1", "ca3dcccccd", N)
	mpDec("number/decode/float64-0.1", "cb3fb999999999999a", N)
	mpDec("number/decode/float64-legacy-1e20", "cb4415af1d78b58c40", N)
	mpDec("number/decode/float64-+Inf", "cb7ff0000000000000", N)
	mpDec("number/decode/string-0.1", "a3302e31", N)
	mpDec("number/decode/string-1e3", "a3316533", N)
	mpDec("number/decode/string-uint64-max", "b4"+hex.EncodeToString([]byte("18446744073709551615")), N)
	mpDec("number/decode/string-not-a-number", "a3616263", N)
	mpDec("number/decode/string-empty", "a0", N)
	mpDec("number/decode/bool-is-not-a-number", "c3", N)

	// --- bools
	mpEnc("bool/true", bv(true), B, "c3")
	mpEnc("bool/false", bv(false), B, "c2")
	mpEnc("bool/null", null(B), B, "c0")
	mpEnc("bool/unknown", unk(B), B, "d40000")
	mpDec("bool/decode/string-is-not-bool", "a474727565", B)
	mpDec("bool/decode/int-is-not-bool", "01", B)
	mpDec("string/decode/int-is-not-string", "01", S)
	mpDec("string/decode/bool-is-not-string", "c3", S)
	mpDec("string/decode/str8-non-minimal", "d9026869", S)
	mpDec("string/decode/bin-as-string", "c4026869", S)

	// --- lists
	mpEnc("list/strings", list(sv("a"), sv("b")), L(S), "92a161a162")
	mpEnc("list/with-null-and-unknown", list(sv("a"), null(S), unk(S)), L(S), "93a161c0d40000")
	mpEnc("list/empty", cty.ListValEmpty(S), L(S), "90")
	mpEnc("list/null", null(L(S)), L(S), "c0")
	mpEnc("list/unknown", unk(L(S)), L(S), "d40000")
	var n15, n16 []cty.Value
	for i := 0; i < 16; i++ {
		if i < 15 {
			n15 = append(n15, iv(int64(i)))
		}
		n16 = append(n16, iv(int64(i)))
	}
	mpEnc("list/15-numbers", list(n15...), L(N), "")
	mpEnc("list/16-numbers", list(n16...), L(N), "dc0010000102030405060708090a0b0c0d0e0f")
	mpEnc("list/nested", list(list(iv(1), iv(2)), cty.ListValEmpty(N)), L(L(N)), "")
	mpEnc("list/of-dynamic", list(sv("a")), L(D), "9192c40822737472696e6722a161")
	mpEnc("list/of-dynamic-mixed-null", cty.ListVal([]cty.Value{sv("a"), null(S)}), L(D), "")
	mpEnc("list/of-objects", list(object("a", sv("x")), object("a", null(S))), L(O("a", S)), "")
	mpEnc("list/marshalled-as-set-dedups", list(sv("a"), sv("a"), sv("b")), St(S), "")
	mpEnc("tuple/marshalled-as-list", tuple(sv("a"), sv("b")), L(S), "")
	mpEnc("tuple/marshalled-as-list-converts", tuple(sv("a"), iv(1), bv(true)), L(S), "")
	mpEnc("list/marshalled-as-list-of-number-fails", list(sv("x")), L(N), "")
	mpDec("list/decode/not-an-array", "a161", L(S))
	mpDec("list/decode/element-error-path", "92a16101", L(S))
	mpDec("list/decode/array16-non-minimal", "dc0001a161", L(S))

	// --- sets (order spec §1.6)
	mpEnc("set/strings-bac", set(sv("b"), sv("a"), sv("c")), St(S), "93a161a162a163")
	mpEnc("set/numbers-3-1-2-10", set(iv(3), iv(1), iv(2), iv(10)), St(N), "940102030a")
	mpEnc("set/bools", set(bv(true), bv(false)), St(B), "92c2c3")
	mpEnc("set/unknowns-and-a", set(unk(S), sv("a"), unk(S)), St(S), "93a161d40000d40000")
	mpEnc("set/with-null", set(sv("b"), null(S), sv("a")), St(S), "")
	mpEnc("set/empty", cty.SetValEmpty(S), St(S), "90")
	mpEnc("set/null", null(St(S)), St(S), "c0")
	mpEnc("set/unknown", unk(St(S)), St(S), "d40000")
	mpEnc("set/objects-hash-order", set(object("n", iv(10), "s", sv("b")), object("n", iv(9), "s", sv("a")), object("n", iv(2), "s", sv("a"))), St(O("n", N, "s", S)), "")
	mpEnc("set/of-dynamic", set(sv("a"), sv("b")), St(D), "")
	mpDec("set/decode/duplicates-removed", "93a161a161a162", St(S))
	mpDec("set/decode/order-normalized", "93a163a161a162", St(S))
	mpDec("set/decode/numbers-equal-by-text", "92cb3fb999999999999aa3302e31", St(N))
	mpDec("set/decode/two-unknowns-kept", "92d40000d40000", St(S))

	// --- maps
	mpEnc("map/b1-a2", mapv("b", iv(1), "a", iv(2)), M(N), "82a16102a16201")
	mpEnc("map/empty", cty.MapValEmpty(S), M(S), "80")
	mpEnc("map/null", null(M(S)), M(S), "c0")
	mpEnc("map/unknown", unk(M(S)), M(S), "d40000")
	mpEnc("map/byte-order-keys", mapv("b", sv("1"), "B", sv("2"), "é", sv("3"), "a", sv("4"), "aa", sv("5"), "", sv("6")), M(S), "")
	mpEnc("map/astral-vs-bmp-keys", mapv("\uff01", iv(1), "\U0001F600", iv(2)), M(N), "")
	var m16 []interface{}
	for i := 0; i < 16; i++ {
		m16 = append(m16, fmt.Sprintf("k%02d", i), iv(int64(i)))
	}
	mpEnc("map/16-entries", mapv(m16...), M(N), "")
	mpEnc("map/of-dynamic", mapv("a", sv("x")), M(D), "")
	mpEnc("map/nfc-key", mapv("e\u0301", sv("v")), M(S), "")
	mpDec("map/decode/not-a-map", "90", M(S))
	mpDec("map/decode/element-error-path", "81a16bc3", M(S))

	// --- objects
	mpEnc("object/b-x-a-null", object("b", sv("x"), "a", null(N)), O("a", N, "b", S), "82a161c0a162a178")
	mpEnc("object/empty", cty.EmptyObjectVal, cty.EmptyObject, "80")
	mpEnc("object/null", null(O("a", S)), O("a", S), "c0")
	mpEnc("object/unknown", unk(O("a", S)), O("a", S), "d40000")
	mpEnc("object/resource", object("enabled", bv(true), "id", unk(S), "name", sv("web"), "port", iv(8080), "tags", mapv("env", sv("prod"))),
		O("enabled", B, "id", S, "name", S, "port", N, "tags", M(S)),
		"85a7656e61626c6564c3a26964d40000a46e616d65a3776562a4706f7274cd1f90a47461677381a3656e76a470726f64")
	mpEnc("object/attribute-byte-order", object("b", iv(1), "B", iv(2), "_", iv(3), "a", iv(4)), O("b", N, "B", N, "_", N, "a", N), "")
	mpEnc("object/nested", object("outer", object("inner", list(sv("x")))), O("outer", O("inner", L(S))), "")
	mpEnc("object/dynamic-attribute", object("d", iv(1), "s", sv("x")), O("d", D, "s", S), "")
	mpEnc("object/dynamic-attribute-null", object("d", null(D)), O("d", D), "")
	mpEnc("object/dynamic-attribute-unknown", object("d", cty.DynamicVal), O("d", D), "")
	mpEnc("object/marshalled-with-extra-attribute-fails", object("a", sv("x"), "extra", sv("y")), O("a", S), "")
	mpEnc("object/marshalled-with-missing-attribute-fails", object("a", sv("x")), O("a", S, "b", S), "")
	mpDec("object/decode/empty-map-as-any-object", "80", O("a", S))
	mpDec("object/decode/count-mismatch", "81a161a178", O("a", S, "b", S))
	mpDec("object/decode/unsupported-attribute", "81a17aa178", O("a", S))
	mpDec("object/decode/attribute-order-free", "82a162a179a161a178", O("a", S, "b", S))
	mpDec("object/decode/attribute-error-path", "81a16101", O("a", S))
	mpDec("object/decode/not-a-map", "90", O("a", S))

	// --- tuples
	mpEnc("tuple/a-1-true", tuple(sv("a"), iv(1), bv(true)), T(S, N, B), "93a16101c3")
	mpEnc("tuple/empty", cty.EmptyTupleVal, cty.EmptyTuple, "90")
	mpEnc("tuple/null", null(T(S)), T(S), "c0")
	mpEnc("tuple/unknown", unk(T(S)), T(S), "d40000")
	mpEnc("tuple/dynamic-element", tuple(sv("a"), iv(2)), T(S, D), "")
	mpDec("tuple/decode/empty-array-as-any-tuple", "90", T(S))
	mpDec("tuple/decode/length-mismatch", "92a161a162", T(S))
	mpDec("tuple/decode/element-error-path", "92a161a162", T(S, N))

	// --- dynamic wrapper (spec §2.5)
	mpEnc("dynamic/string", sv("hi"), D, "92c40822737472696e6722a26869")
	mpEnc("dynamic/unknown-string", unk(S), D, "92c40822737472696e6722d40000")
	mpEnc("dynamic/DynamicVal", cty.DynamicVal, D, "d40000")
	mpEnc("dynamic/null-dynamic", null(D), D, "c0")
	mpEnc("dynamic/null-string", null(S), D, "92c40822737472696e6722c0")
	mpEnc("dynamic/number-300", iv(300), D, "92c408226e756d62657222cd012c")
	mpEnc("dynamic/object-a-true", object("a", bv(true)), D, "92c4175b226f626a656374222c7b2261223a22626f6f6c227d5d81a161c3")
	mpEnc("dynamic/list-of-strings", list(sv("a")), D, "")
	mpEnc("dynamic/tuple", tuple(sv("a"), iv(1)), D, "")
	mpEnc("dynamic/object-with-html-name", object("<x>", sv("v")), D, "")
	mpEnc("dynamic/set-of-numbers", set(iv(2), iv(1)), D, "")
	mpEnc("dynamic/map", mapv("k", bv(false)), D, "")
	mpEnc("dynamic/parsed-0.1", pv("0.1"), D, "")
	mpDec("dynamic/decode/not-an-array", "a26869", D)
	mpDec("dynamic/decode/wrong-length", "91c40822737472696e6722", D)
	mpDec("dynamic/decode/bad-type-json", "92c40522666f6f22a26869", D)
	mpDec("dynamic/decode/type-as-str-not-bin", "92a822737472696e6722a26869", D)
	mpDec("dynamic/decode/any-ext", "d40500", D)

	// --- marks
	mpEnc("marks/top-level-fails", sv("secret").Mark("sensitive"), S, "")
	mpEnc("marks/nested-fails", object("a", sv("secret").Mark("sensitive")), O("a", S), "")

	// --- unknown ext forms (spec §2.4)
	mpDec("unknown/decode/fixext1-type5", "d40501", S)
	mpDec("unknown/decode/fixext1-into-object", "d40000", O("a", S))
	mpDec("unknown/decode/fixext1-into-dynamic", "d40000", D)

	genMsgpackSpec()
}

// genMsgpackSpec adds refinement vectors (go-cty v1.13+) from spec §2.4, §2.8 and §7.
func genMsgpackSpec() {
	const why = "refinements need go-cty v1.13+; expectation from spec §2.4/§2.8"
	nn := obj{{"notNull", true}}
	mpSpec("refined/string-not-null", S, unknownDesc(S, nn), "c7030c8101c2", unknownDesc(S, nn), nil, why+" #5")
	mpSpec("refined/string-prefix-a", S, unknownDesc(S, obj{{"prefix", "a"}}), "d60c8102a161", unknownDesc(S, obj{{"prefix", "a"}}), nil, why+" #6")
	pref := obj{{"notNull", true}, {"prefix", "ab"}}
	mpSpec("refined/string-not-null-prefix-ab", S, unknownDesc(S, pref), "c7070c8201c202a26162", unknownDesc(S, pref), nil, why+" #7, §7.31")
	bounds := obj{{"notNull", true}, {"lower", obj{{"n", numDesc(big.NewFloat(0).SetPrec(64))}, {"inclusive", true}}}, {"upper", obj{{"n", numDesc(new(big.Float).SetInt64(10))}, {"inclusive", true}}}}
	mpSpec("refined/number-not-null-0-to-10", N, unknownDesc(N, bounds), "c70b0c8301c2039200c304920ac3", unknownDesc(N, bounds), nil, why+" #8")
	gt := obj{{"lower", obj{{"n", numDesc(big.NewFloat(1.5))}, {"inclusive", false}}}}
	mpSpec("refined/number-greater-than-1.5", N, unknownDesc(N, gt), "c70d0c810392cb3ff8000000000000c2", unknownDesc(N, gt), nil, why+" #9")
	ln := obj{{"lenLower", 1}, {"lenUpper", 3}}
	mpSpec("refined/list-length-1-to-3", L(S), unknownDesc(L(S), ln), "c7050c8205010603", unknownDesc(L(S), ln), nil, why+" #10")
	ml := obj{{"lenLower", 2}, {"lenUpper", 2}}
	mpSpec("refined/map-length-2-not-collapsed", M(S), unknownDesc(M(S), ml), "c7050c8205020602", unknownDesc(M(S), ml), nil, why+" #11")
	mpSpec("refined/bool-not-null", B, unknownDesc(B, nn), "c7030c8101c2", unknownDesc(B, nn), nil, why+" #12")
	mpSpec("refined/object-not-null", O("a", S), unknownDesc(O("a", S), nn), "c7030c8101c2", unknownDesc(O("a", S), nn), nil, why+" #12")
	mpSpec("refined/string-prefix-8-byte-payload", S, unknownDesc(S, obj{{"prefix", "abcde"}}), "d70c8102a56162636465", unknownDesc(S, obj{{"prefix", "abcde"}}), nil, why+" §7.32: 8-byte payload uses fixext8")
	// decode-only refinement cases
	mpSpec("refined/decode/empty-refinement-map", S, nil, "d40c80", unknownDesc(S, nil), nil, "payload ≤ 1 byte is a plain unknown whatever the ext type (spec §2.4)")
	mpSpec("refined/decode/unknown-keys-only", S, nil, "c7030c8163c0", unknownDesc(S, obj{}), nil, "unknown refinement keys are ignored, leaving an empty but present refinement (spec §2.4)")
	mpSpec("refined/decode/other-ext-type-long-payload", S, nil, "c703070102c3", nil, specErr("unsupported extension type 0x07 with len 3", ""), "go-cty v1.13+ rejects longer non-12 ext payloads (spec §2.4, §7.33); go-cty 1.12 read any ext as unknown")
	oversize := make([]byte, 0, 1100)
	oversize = append(oversize, 0xc8, 0x04, 0x01, 0x0c, 0x81, 0x02, 0xda, 0x03, 0xfc)
	oversize = append(oversize, []byte(strings.Repeat("p", 0x3fc))...)
	mpSpec("refined/decode/oversize-payload", S, nil, hex.EncodeToString(oversize), nil, specErr("oversize unknown value refinement", ""), "payload > 1024 bytes (spec §2.4)")
	mpSpec("refined/decode/dynamic-target-ignores-refinement", D, nil, "c7030c8101c2", unknownDesc(D, nil), nil, "refinements on a dynamic target are ignored (spec §2.4)")
	mpSpec("refined/decode/prefix-on-number-fails", N, nil, "d60c8102a161", nil, specErr("", ""), "a prefix refinement on a non-string is a decode error (spec §2.4)")
	mpSpec("refined/decode/bounds-on-string-fails", S, nil, "c70b0c8301c2039200c304920ac3", nil, specErr("", ""), "bounds on a non-number are a decode error (spec §2.4)")
	mpSpec("refined/decode/length-on-string-fails", S, nil, "c7050c8205010603", nil, specErr("", ""), "lengths on a non-collection are a decode error (spec §2.4)")
	mpSpec("refined/dynamic-wrapper-unknown-string-not-null", D, obj{{"t", typeJSON(S)}, {"unknown", true}, {"refine", nn}}, "92c40822737472696e6722c7030c8101c2", obj{{"t", typeJSON(S)}, {"unknown", true}, {"refine", nn}}, nil, "a refined unknown of a concrete type inside a dynamic slot keeps its refinement (spec §2.4, §2.5)")
}
