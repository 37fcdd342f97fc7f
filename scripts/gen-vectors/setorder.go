package main

// set-order.jsonl: SetVal deduplication and iteration order (spec §1.6, §7.18–23).

import (
	"fmt"
	"math"

	"github.com/zclconf/go-cty/cty"
)

func so(name string, elems ...cty.Value) {
	must(name, func() {
		in := []obj{}
		for _, e := range elems {
			in = append(in, desc(e))
		}
		s := cty.SetVal(elems)
		us, marks := s.Unmark()
		var expected []obj
		for it := us.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			expected = append(expected, desc(ev))
		}
		rec := obj{{"input", in}, {"expected", expected}, {"length", us.LengthInt()}}
		if len(marks) > 0 {
			rec = rec.with("set", desc(s))
		}
		out("set-order").add(name, rec.with("source", "go-cty"))
	})
}

func genSetOrder() {
	so("strings/byte-order", sv("b"), sv("B"), sv("é"), sv("a"), sv("aa"), sv(""))
	so("strings/astral-vs-bmp", sv("\uff01"), sv("\U0001F600"), sv("~"))
	so("strings/null-last-unknown-before", sv("b"), null(S), unk(S), sv("a"))
	so("strings/duplicates", sv("a"), sv("a"))
	so("strings/nfc-duplicates", sv("e\u0301"), sv("\u00e9"))
	so("strings/two-unknowns", unk(S), unk(S))
	so("strings/unknowns-and-a", unk(S), sv("a"), unk(S))
	so("strings/many", sv("delta"), sv("alpha"), sv("charlie"), sv("bravo"), sv("echo"), sv("Alpha"), sv("_"), sv("0"))
	so("numbers/cmp-order", iv(3), iv(1), iv(2), iv(10), iv(-5), fv(2.5), pv("1e20"), fv(-0.5))
	so("numbers/float-and-parsed-0.1-dedup", fv(0.1), pv("0.1"))
	so("numbers/parsed-and-float-0.1-dedup", pv("0.1"), fv(0.1))
	so("numbers/int-and-parsed-1.0-dedup", iv(1), pv("1.0"))
	so("numbers/zero-and-neg-zero-different-hash", iv(0), pv("-0"))
	so("numbers/same-hash-string-different-values", iv(1234567890124), iv(1234567890123))
	so("numbers/infinities", cty.PositiveInfinity, iv(0), cty.NegativeInfinity)
	so("numbers/null-and-unknown", iv(2), null(N), unk(N), iv(1))
	so("bools/false-true", bv(true), bv(false))
	so("bools/with-null", bv(true), null(B), bv(false))
	so("objects/hash-order-10-2-9", object("n", iv(10), "s", sv("b")), object("n", iv(9), "s", sv("a")), object("n", iv(2), "s", sv("a")))
	so("objects/n-only-10-9-2", object("n", iv(10)), object("n", iv(9)), object("n", iv(2)))
	n1 := object("n", iv(1234567890123))
	n2 := object("n", iv(1234567890124))
	so("objects/hash-collision-insertion-order-1", n1, n2)
	so("objects/hash-collision-insertion-order-2", n2, n1)
	so("objects/hash-collision-with-other", n2, object("n", iv(5)), n1)
	so("objects/with-unknown-attribute-kept-twice", object("a", sv("x"), "id", unk(S)), object("a", sv("x"), "id", unk(S)), object("a", sv("x"), "id", sv("1")))
	so("objects/with-null-attribute", object("a", null(S)), object("a", sv("z")), object("a", sv("")))
	so("objects/string-quoting-in-hash", object("s", sv("b\"")), object("s", sv("b")), object("s", sv("a\n")), object("s", sv("é")))
	so("objects/neg-zero-vs-zero", object("n", iv(0)), object("n", pv("-0")))
	so("objects/bools", object("b", bv(true)), object("b", bv(false)))
	so("objects/nested-list", object("l", list(sv("b"))), object("l", list(sv("a"), sv("c"))), object("l", cty.ListValEmpty(S)))
	so("objects/multi-attribute-order", object("a", sv("2"), "b", sv("1")), object("a", sv("1"), "b", sv("2")), object("a", sv("1"), "b", sv("1")))
	so("objects/null-element", object("a", sv("x")), null(O("a", S)), unk(O("a", S)))
	so("lists/hash-order", list(sv("b")), list(sv("a"), sv("b")), list(sv("a")), cty.ListValEmpty(S))
	so("lists/of-numbers", list(iv(10)), list(iv(9)), list(iv(100)))
	so("tuples/hash-order", tuple(sv("b"), iv(1)), tuple(sv("a"), iv(2)), tuple(sv("a"), iv(10)))
	so("maps/hash-order", mapv("k", sv("b")), mapv("k", sv("a")), mapv("a", sv("z")), cty.MapValEmpty(S))
	so("sets/of-sets", set(sv("b")), set(sv("a"), sv("c")), set(sv("a")))
	so("numbers/large-int-floats", fv(1e300), fv(1e299), fv(math.MaxFloat64), fv(-1e300))
	so("marks/element-marks-move-to-set", sv("b").Mark("sensitive"), sv("a"))
	// A wider sweep of short strings and small objects: many CRC32 buckets.
	var strs, objs, nums []cty.Value
	for i := 0; i < 40; i++ {
		strs = append(strs, sv(fmt.Sprintf("k%d", (i*7)%40)))
		objs = append(objs, object("id", sv(fmt.Sprintf("i-%02d", (i*11)%40)), "n", iv(int64((i*13)%17))))
		nums = append(nums, iv(int64((i*37)%101-50)))
	}
	so("sweep/40-strings", strs...)
	so("sweep/40-objects", objs...)
	so("sweep/40-numbers", nums...)
	var mixedNums []cty.Value
	for i := 0; i < 20; i++ {
		mixedNums = append(mixedNums, object("n", fv(float64(i)*1.1)))
	}
	so("sweep/objects-float-numbers", mixedNums...)
}
