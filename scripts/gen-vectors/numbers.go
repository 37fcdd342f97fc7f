package main

// numbers.jsonl: how numbers are built (parse/int/uint/float64/arithmetic) and how go-cty
// renders and compares them (spec §1.3, §1.6 hash strings, §1.9 GoString).

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/zclconf/go-cty/cty"
)

// recipe says how to build a number, in a form both sides can follow.
type recipe struct {
	desc obj
	val  func() (cty.Value, error)
}

func rParse(s string) recipe {
	return recipe{obj{{"parse", s}}, func() (cty.Value, error) { return cty.ParseNumberVal(s) }}
}
func rInt(n int64) recipe {
	return recipe{obj{{"int", strconv.FormatInt(n, 10)}}, func() (cty.Value, error) { return cty.NumberIntVal(n), nil }}
}
func rUint(n uint64) recipe {
	return recipe{obj{{"uint", strconv.FormatUint(n, 10)}}, func() (cty.Value, error) { return cty.NumberUIntVal(n), nil }}
}
func rFloat(f float64) recipe {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if math.IsInf(f, 1) {
		s = "+Inf"
	} else if math.IsInf(f, -1) {
		s = "-Inf"
	} else if f == 0 && math.Signbit(f) {
		s = "-0"
	}
	return recipe{obj{{"float64", s}}, func() (cty.Value, error) { return cty.NumberFloatVal(f), nil }}
}
func rOp(op string, a, b recipe) recipe {
	return recipe{obj{{op, []obj{a.desc, b.desc}}}, func() (cty.Value, error) {
		av, err := a.val()
		if err != nil {
			return cty.NilVal, err
		}
		bv, err := b.val()
		if err != nil {
			return cty.NilVal, err
		}
		switch op {
		case "add":
			return av.Add(bv), nil
		case "subtract":
			return av.Subtract(bv), nil
		case "multiply":
			return av.Multiply(bv), nil
		case "divide":
			return av.Divide(bv), nil
		}
		panic(op)
	}}
}
func rNeg(a recipe) recipe {
	return recipe{obj{{"negate", a.desc}}, func() (cty.Value, error) {
		av, err := a.val()
		if err != nil {
			return cty.NilVal, err
		}
		return av.Negate(), nil
	}}
}

func num(name string, r recipe) {
	must(name, func() {
		rec := obj{{"input", r.desc}}
		v, err := r.val()
		if err != nil {
			out("numbers").add(name, rec.with("error", errDesc(err)).with("source", "go-cty"))
			return
		}
		bf := v.AsBigFloat()
		_, i64 := bf.Int64()
		f64, f64acc := bf.Float64()
		exactF := f64acc == big.Exact
		rec = rec.with("precision", bf.Prec()).
			with("sign", bf.Sign()).
			with("text", bf.Text('f', -1)).
			with("textG", bf.Text('g', -1)).
			with("hashString", bf.String()).
			with("formatV", fmt.Sprintf("%v", bf)).
			with("goString", fmt.Sprintf("%#v", v)).
			with("isInteger", bf.IsInt()).
			with("isInt64", i64 == big.Exact && !bf.IsInf()).
			with("isExactFloat64", exactF)
		if exactF && !bf.IsInf() {
			rec = rec.with("float64", strconv.FormatFloat(f64, 'g', -1, 64))
		}
		out("numbers").add(name, rec.with("source", "go-cty"))
	})
}

func numEq(name string, a, b recipe) {
	must(name, func() {
		av, err := a.val()
		if err != nil {
			panic(err)
		}
		bv, err := b.val()
		if err != nil {
			panic(err)
		}
		got := av.Equals(bv).True()
		want := specNumberEqual(av.AsBigFloat(), bv.AsBigFloat())
		rec := obj{{"a", a.desc}, {"b", b.desc}, {"equal", want}, {"cmp", av.AsBigFloat().Cmp(bv.AsBigFloat())}}
		if got != want {
			rec = rec.with("source", "spec").with("note", fmt.Sprintf("go-cty 1.12 (text comparison only) says %v; v1.14.3+ compares integers exactly (spec §1.3)", got))
		} else {
			rec = rec.with("source", "go-cty")
		}
		out("numbers").add("equal/"+name, rec)
	})
}

func genNumbers() {
	parses := []string{
		"0", "1", "-1", "1.10", "1.0", "-0", "-0.0", "0.1", "0.2", "0.3", "1e3", "1E3", ".5", "5.", "+5", "00012", "1p3", "1p-3",
		"1e20", "1e21", "1e-7", "1e-400", "1e400", "1e-5", "0.0001", "123456", "1234567", "1e6", "1.5e6", "1234567890123",
		"12345678901", "1234567890.5", "9007199254740993", "18446744073709551615", "18446744073709551616",
		"-9223372036854775808", "-9223372036854775809", "3.14159265358979323846264338327950288419716939937510",
		"0.30000000000000004", "100", "1.23456789e12", "Inf", "-inf", "+Inf", "inf",
		"NaN", "nan", "infinity", "0x10", "1_000", " 1", "1 ", "", "abc", "1e", "--1", "1.2.3", "+", "-", ".", "e5",
	}
	for _, s := range parses {
		num("parse/"+quoteName(s), rParse(s))
	}
	for _, n := range []int64{0, 1, -1, 42, 100, 1000000, 1 << 53, 1<<53 + 1, math.MaxInt64, math.MinInt64, 1234567890123, 10000000000} {
		num(fmt.Sprintf("int/%d", n), rInt(n))
	}
	for _, n := range []uint64{0, 1 << 63, math.MaxUint64} {
		num(fmt.Sprintf("uint/%d", n), rUint(n))
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 0.1, 0.2, 1.5, -0.5, 1.0 / 3, 1e21, 1e22, 1e23, 1e-7, 5e-324, math.MaxFloat64,
		1 << 53, 1<<53 + 2, 123456.789, 1e6, 100, 2.5e-5, math.Inf(1), math.Inf(-1), 3.4028234663852886e+38} {
		num("float64/"+rFloat(f).desc[0].v.(string), rFloat(f))
	}
	num("op/float-0.1+0.2", rOp("add", rFloat(0.1), rFloat(0.2)))
	num("op/parsed-0.1+0.2", rOp("add", rParse("0.1"), rParse("0.2")))
	num("op/int-1/3", rOp("divide", rInt(1), rInt(3)))
	num("op/float-1/3", rOp("divide", rFloat(1), rFloat(3)))
	num("op/parsed-1/3", rOp("divide", rParse("1"), rParse("3")))
	num("op/parsed-1-0.99", rOp("subtract", rParse("1"), rParse("0.99")))
	num("op/float-1-0.99", rOp("subtract", rFloat(1), rFloat(0.99)))
	num("op/int-2^62*4", rOp("multiply", rInt(1<<62), rInt(4)))
	num("op/float-0.1*3", rOp("multiply", rFloat(0.1), rFloat(3)))
	num("op/parsed-0.1*3", rOp("multiply", rParse("0.1"), rParse("3")))
	num("op/int-1/0", rOp("divide", rInt(1), rInt(0)))
	num("op/negate-0", rNeg(rInt(0)))
	num("op/negate-parsed-1.5", rNeg(rParse("1.5")))
	num("op/int+float", rOp("add", rInt(1), rFloat(0.5)))

	numEq("float64-0.1-vs-parsed-0.1", rFloat(0.1), rParse("0.1"))
	numEq("float-sum-vs-parsed-0.30000000000000004", rOp("add", rFloat(0.1), rFloat(0.2)), rParse("0.30000000000000004"))
	numEq("float-sum-vs-parsed-0.3", rOp("add", rFloat(0.1), rFloat(0.2)), rParse("0.3"))
	numEq("parsed-sum-vs-parsed-0.3", rOp("add", rParse("0.1"), rParse("0.2")), rParse("0.3"))
	numEq("int-1-vs-parsed-1.0", rInt(1), rParse("1.0"))
	numEq("parsed-neg-zero-vs-int-0", rParse("-0"), rInt(0))
	numEq("int-2^53-vs-2^53+1", rInt(1<<53), rInt(1<<53+1))
	numEq("float64-1e23-vs-parsed-1e23", rFloat(1e23), rParse("1e23"))
	numEq("float64-2^64-vs-uint64-max", rFloat(18446744073709551615), rUint(math.MaxUint64))
	numEq("parsed-2^64-vs-uint64-max", rParse("18446744073709551616"), rUint(math.MaxUint64))
	numEq("float64-1/3-vs-parsed-0.3333333333333333", rFloat(1.0/3), rParse("0.3333333333333333"))
	numEq("int-1/3-vs-parsed", rOp("divide", rInt(1), rInt(3)), rParse("0.33333333333333333334"))
	numEq("inf-vs-parsed-inf", rFloat(math.Inf(1)), rParse("Inf"))
	numEq("inf-vs-neg-inf", rFloat(math.Inf(1)), rFloat(math.Inf(-1)))
	numEq("int-vs-uint-42", rInt(42), rUint(42))
	numEq("parsed-1-minus-0.99-vs-parsed-0.01", rOp("subtract", rParse("1"), rParse("0.99")), rParse("0.01"))
	numEq("float-1-minus-0.99-vs-parsed-0.01", rOp("subtract", rFloat(1), rFloat(0.99)), rParse("0.01"))
	numEq("float64-0.1-times-3-vs-parsed-0.3", rOp("multiply", rFloat(0.1), rFloat(3)), rParse("0.3"))
	numEq("parsed-1e400-vs-1e400", rParse("1e400"), rParse("1e+400"))
	numEq("parsed-1e-400-vs-0", rParse("1e-400"), rInt(0))
}
