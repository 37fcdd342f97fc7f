package main

// Seeded pseudo-random sweeps: the same seed gives the same vectors on every run, so regenerating
// only changes the files when go-cty (or this generator) changes.

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

const seed = 20261121

var strAtoms = []string{"a", "b", "B", "z", "0", "é", "e\u0301", "😀", "\uff01", " ", "\n", "<", "&", "\"", "\\", "\x01", "日", "ab", ""}
var attrNames = []string{"a", "b", "c", "B", "_x", "é", "id", "name", "tags"}

func randString(r *rand.Rand) string {
	n := r.Intn(5)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strAtoms[r.Intn(len(strAtoms))])
	}
	return b.String()
}

// randNumber returns a number of one of go-cty's three origins.
func randNumber(r *rand.Rand) cty.Value {
	switch r.Intn(7) {
	case 0:
		return iv(int64(r.Intn(300)) - 150)
	case 1:
		return iv(r.Int63() >> uint(r.Intn(63)) * int64(1-2*r.Intn(2)))
	case 2:
		return uv(r.Uint64())
	case 3:
		f := (r.Float64() - 0.5) * math.Pow(10, float64(r.Intn(40)-20))
		return fv(f)
	case 4:
		return fv(float64(r.Intn(1000)) / 8)
	case 5:
		return pv(randDecimal(r))
	default:
		return pv(strconv.Itoa(r.Intn(100000)) + "e" + strconv.Itoa(r.Intn(30)))
	}
}

// randDecimal is decimal text in ParseNumberVal syntax.
func randDecimal(r *rand.Rand) string {
	var b strings.Builder
	if r.Intn(3) == 0 {
		b.WriteByte('-')
	}
	for i, n := 0, 1+r.Intn(25); i < n; i++ {
		b.WriteByte(byte('0' + r.Intn(10)))
	}
	if r.Intn(2) == 0 {
		b.WriteByte('.')
		for i, n := 0, 1+r.Intn(25); i < n; i++ {
			b.WriteByte(byte('0' + r.Intn(10)))
		}
	}
	if r.Intn(3) == 0 {
		b.WriteString("e" + strconv.Itoa(r.Intn(80)-40))
	}
	return b.String()
}

func randValue(r *rand.Rand, t cty.Type, depth int, allowUnknown bool) cty.Value {
	switch x := r.Intn(20); {
	case x == 0:
		return cty.NullVal(t)
	case x == 1 && allowUnknown:
		return cty.UnknownVal(t)
	}
	switch {
	case t == S:
		return sv(randString(r))
	case t == N:
		return randNumber(r)
	case t == B:
		return bv(r.Intn(2) == 0)
	case t.IsListType() || t.IsSetType():
		n := r.Intn(4)
		if n == 0 {
			if t.IsListType() {
				return cty.ListValEmpty(t.ElementType())
			}
			return cty.SetValEmpty(t.ElementType())
		}
		var vs []cty.Value
		for i := 0; i < n; i++ {
			vs = append(vs, randValue(r, t.ElementType(), depth-1, allowUnknown))
		}
		if t.IsListType() {
			return cty.ListVal(vs)
		}
		return cty.SetVal(vs)
	case t.IsMapType():
		n := r.Intn(4)
		if n == 0 {
			return cty.MapValEmpty(t.ElementType())
		}
		m := map[string]cty.Value{}
		for i := 0; i < n; i++ {
			m[randString(r)] = randValue(r, t.ElementType(), depth-1, allowUnknown)
		}
		return cty.MapVal(m)
	case t.IsObjectType():
		m := map[string]cty.Value{}
		for name, at := range t.AttributeTypes() {
			m[name] = randValue(r, at, depth-1, allowUnknown)
		}
		return cty.ObjectVal(m)
	case t.IsTupleType():
		var vs []cty.Value
		for _, et := range t.TupleElementTypes() {
			vs = append(vs, randValue(r, et, depth-1, allowUnknown))
		}
		return cty.TupleVal(vs)
	}
	panic("unreachable")
}

// sortedAttrTypes makes randType deterministic: Go map iteration in randValue would otherwise
// draw random numbers in a different order on each run.
func stable(r *rand.Rand, t cty.Type, depth int, allowUnknown bool) cty.Value {
	// Draw values attribute by attribute in sorted order.
	if t.IsObjectType() {
		names := make([]string, 0, len(t.AttributeTypes()))
		for n := range t.AttributeTypes() {
			names = append(names, n)
		}
		sortStrings(names)
		if r.Intn(20) == 0 {
			return cty.NullVal(t)
		}
		m := map[string]cty.Value{}
		for _, n := range names {
			m[n] = stable(r, t.AttributeTypes()[n], depth-1, allowUnknown)
		}
		return cty.ObjectVal(m)
	}
	if t.IsListType() || t.IsSetType() || t.IsMapType() || t.IsTupleType() {
		switch x := r.Intn(20); {
		case x == 0:
			return cty.NullVal(t)
		case x == 1 && allowUnknown:
			return cty.UnknownVal(t)
		}
		if t.IsTupleType() {
			vs := []cty.Value{}
			for _, et := range t.TupleElementTypes() {
				vs = append(vs, stable(r, et, depth-1, allowUnknown))
			}
			return cty.TupleVal(vs)
		}
		n := r.Intn(4)
		var vs []cty.Value
		for i := 0; i < n; i++ {
			vs = append(vs, stable(r, t.ElementType(), depth-1, allowUnknown))
		}
		switch {
		case n == 0 && t.IsListType():
			return cty.ListValEmpty(t.ElementType())
		case n == 0 && t.IsSetType():
			return cty.SetValEmpty(t.ElementType())
		case n == 0:
			return cty.MapValEmpty(t.ElementType())
		case t.IsListType():
			return cty.ListVal(vs)
		case t.IsSetType():
			return cty.SetVal(vs)
		}
		m := map[string]cty.Value{}
		for _, v := range vs {
			m[randString(r)] = v
		}
		return cty.MapVal(m)
	}
	return randValue(r, t, depth, allowUnknown)
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// stableType draws a type with object attributes chosen in a fixed order.
func stableType(r *rand.Rand, depth int) cty.Type {
	k := r.Intn(10)
	if depth <= 0 {
		k = r.Intn(3)
	}
	switch k {
	case 0, 1:
		return S
	case 2:
		return N
	case 3:
		return B
	case 4:
		return L(stableType(r, depth-1))
	case 5:
		return St(stableType(r, depth-1))
	case 6:
		return M(stableType(r, depth-1))
	case 7, 8:
		m := map[string]cty.Type{}
		for i, n := 0, r.Intn(4); i < n; i++ {
			m[attrNames[r.Intn(len(attrNames))]] = stableType(r, depth-1)
		}
		return cty.Object(m)
	default:
		// A nil slice would give the type JSON ["tuple",null].
		ts := []cty.Type{}
		for i, n := 0, r.Intn(4); i < n; i++ {
			ts = append(ts, stableType(r, depth-1))
		}
		return cty.Tuple(ts)
	}
}

func genRandom() {
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 160; i++ {
		t := stableType(r, 3)
		v := stable(r, t, 3, true)
		target := t
		if i%5 == 4 {
			target = D
		}
		name := fmt.Sprintf("random/%03d", i)
		mpEnc(name, v, target, "")
		jsEnc(name, v, target)
	}
	for i := 0; i < 40; i++ {
		t := stableType(r, 2)
		var elems []cty.Value
		for j, n := 0, 2+r.Intn(10); j < n; j++ {
			elems = append(elems, stable(r, t, 2, j%4 == 3))
			if r.Intn(4) == 0 {
				elems = append(elems, elems[r.Intn(len(elems))])
			}
		}
		so(fmt.Sprintf("random/%03d", i), elems...)
	}
	for i := 0; i < 100; i++ {
		num(fmt.Sprintf("random/parse-%03d", i), rParse(randDecimal(r)))
	}
	for i := 0; i < 60; i++ {
		f := (r.Float64() - 0.5) * math.Pow(10, float64(r.Intn(60)-30))
		num(fmt.Sprintf("random/float64-%03d", i), rFloat(f))
	}
	for i := 0; i < 40; i++ {
		a := rParse(randDecimal(r))
		b := rParse(randDecimal(r))
		ops := []string{"add", "subtract", "multiply", "divide"}
		num(fmt.Sprintf("random/op-%03d", i), rOp(ops[r.Intn(len(ops))], a, b))
	}
	for i := 0; i < 40; i++ {
		f := float64(r.Intn(2000)-1000) / float64(1+r.Intn(16))
		a := rFloat(f)
		b := rParse(strconv.FormatFloat(f, 'g', -1, 64))
		if i%3 == 1 {
			b = rParse(strconv.FormatFloat(f, 'f', 20, 64))
		}
		numEq(fmt.Sprintf("random/float-vs-parsed-%03d", i), a, b)
	}
	for i := 0; i < 60; i++ {
		t := stableType(r, 2)
		a := stable(r, t, 2, true)
		var b cty.Value
		switch i % 3 {
		case 0:
			b = a
		case 1:
			b = stable(r, t, 2, true)
		default:
			b = stable(r, stableType(r, 2), 2, true)
		}
		if !deterministicEquals(a, b) {
			continue
		}
		eq(fmt.Sprintf("random/%03d", i), a, b)
	}
}

// deterministicEquals reports whether go-cty 1.12's Equals gives one answer for the pair
// (object attributes are compared in Go map order).
func deterministicEquals(a, b cty.Value) bool {
	first := a.Equals(b)
	for i := 0; i < 64; i++ {
		if !a.Equals(b).RawEquals(first) {
			return false
		}
	}
	return true
}
