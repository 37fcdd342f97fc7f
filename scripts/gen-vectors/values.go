package main

// Short constructors for the vector tables.

import (
	"encoding/hex"
	"math"
	"math/big"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

var (
	S = cty.String
	N = cty.Number
	B = cty.Bool
	D = cty.DynamicPseudoType
)

func sv(s string) cty.Value    { return cty.StringVal(s) }
func iv(n int64) cty.Value     { return cty.NumberIntVal(n) }
func uv(n uint64) cty.Value    { return cty.NumberUIntVal(n) }
func fv(f float64) cty.Value   { return cty.NumberFloatVal(f) }
func pv(s string) cty.Value    { return cty.MustParseNumberVal(s) }
func bv(b bool) cty.Value      { return cty.BoolVal(b) }
func unk(t cty.Type) cty.Value { return cty.UnknownVal(t) }
func null(t cty.Type) cty.Value {
	return cty.NullVal(t)
}
func list(vs ...cty.Value) cty.Value  { return cty.ListVal(vs) }
func set(vs ...cty.Value) cty.Value   { return cty.SetVal(vs) }
func tuple(vs ...cty.Value) cty.Value { return cty.TupleVal(vs) }
func L(t cty.Type) cty.Type           { return cty.List(t) }
func St(t cty.Type) cty.Type          { return cty.Set(t) }
func M(t cty.Type) cty.Type           { return cty.Map(t) }
func T(ts ...cty.Type) cty.Type       { return cty.Tuple(ts) }

// kvs builds a map[string]X from alternating key, value arguments.
func attrs(kv ...interface{}) map[string]cty.Value {
	m := map[string]cty.Value{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(cty.Value)
	}
	return m
}
func object(kv ...interface{}) cty.Value { return cty.ObjectVal(attrs(kv...)) }
func mapv(kv ...interface{}) cty.Value   { return cty.MapVal(attrs(kv...)) }
func O(kv ...interface{}) cty.Type {
	m := map[string]cty.Type{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(cty.Type)
	}
	return cty.Object(m)
}
func OOpt(opt []string, kv ...interface{}) cty.Type {
	m := map[string]cty.Type{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(cty.Type)
	}
	return cty.ObjectWithOptionalAttrs(m, opt)
}

func bigPow2(n uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), n) }

// bigIntVal builds a number from a big integer at 512 bits, as ParseNumberVal would.
func bigIntVal(i *big.Int) cty.Value { return pv(i.String()) }

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// mpStr is the msgpack string header + bytes for s (vmihailenco/msgpack's compact form).
func mpStr(s string) []byte {
	n := len(s)
	var h []byte
	switch {
	case n < 32:
		h = []byte{0xa0 | byte(n)}
	case n < 256:
		h = []byte{0xd9, byte(n)}
	case n <= 65535:
		h = []byte{0xda, byte(n >> 8), byte(n)}
	default:
		h = []byte{0xdb, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
	}
	return append(h, s...)
}

var inf = math.Inf(1)
