package main

// type-conformance.jsonl: Type.TestConformance (spec §1.8), the check core runs on every value a
// provider returns. go-cty reports errors in Go map order, so each vector lists them sorted.

import (
	"sort"

	"github.com/zclconf/go-cty/cty"
)

func tc(name string, given, want cty.Type) {
	must(name, func() {
		render := func() []string {
			var out []string
			for _, err := range given.TestConformance(want) {
				e := errDesc(err)
				msg := e[0].v.(string)
				if p := e[1].v.(string); p != "" {
					msg = p + ": " + msg
				}
				out = append(out, msg)
			}
			sort.Strings(out)
			return out
		}
		errs := render()
		if errs == nil {
			errs = []string{}
		}
		out("type-conformance").add(name, obj{{"given", typeJSON(given)}, {"want", typeJSON(want)}, {"errors", errs}, {"source", "go-cty"}})
	})
}

func genTypeConformance() {
	tc("same/string", S, S)
	tc("same/object", O("a", S, "b", L(N)), O("a", S, "b", L(N)))
	tc("dynamic/accepts-string", S, D)
	tc("dynamic/accepts-object", O("a", S), D)
	tc("dynamic/nested-list", L(O("a", S)), L(D))
	tc("dynamic/object-attribute", O("a", L(S)), O("a", D))
	tc("primitive/string-for-number", S, N)
	tc("primitive/number-for-bool", N, B)
	tc("primitive/list-for-string", L(S), S)
	tc("primitive/string-given-dynamic", D, S)
	tc("collection/list-for-set", L(S), St(S))
	tc("collection/set-for-list", St(S), L(S))
	tc("collection/map-for-object", M(S), O("a", S))
	tc("collection/object-for-map", O("a", S), M(S))
	tc("collection/tuple-for-list", T(S), L(S))
	tc("list/element", L(S), L(N))
	tc("list/nested-element", L(L(S)), L(L(N)))
	tc("map/element", M(S), M(B))
	tc("set/element", St(S), St(N))
	tc("set/object-element-attribute", St(O("a", S)), St(O("a", N)))
	tc("object/unsupported-attribute", O("a", S, "z", S), O("a", S))
	tc("object/missing-attribute", O("a", S), O("a", S, "b", N))
	tc("object/unsupported-and-missing", O("x", S, "y", S), O("a", S, "b", S))
	tc("object/attribute-type", O("a", S, "b", B), O("a", N, "b", B))
	tc("object/two-attribute-types", O("a", S, "b", S), O("a", N, "b", B))
	tc("object/nested", O("o", O("p", L(S))), O("o", O("p", L(N))))
	tc("object/in-list", L(O("a", S, "extra", S)), L(O("a", S)))
	tc("object/in-map", M(O("a", S)), M(O("a", S, "b", S)))
	tc("object/optional-want-differs", O("a", S), OOpt([]string{"a"}, "a", S))
	tc("object/empty-for-object", cty.EmptyObject, O("a", S))
	tc("tuple/length", T(S), T(S, S))
	tc("tuple/empty-length", cty.EmptyTuple, T(S))
	tc("tuple/element", T(S, S), T(S, N))
	tc("tuple/nested", T(T(S)), T(T(B)))
	tc("tuple/object-element", T(O("a", S)), T(O("b", S)))
	tc("mixed/resource", O("id", S, "tags", M(S), "rules", L(O("port", S)), "extra", B),
		O("id", S, "tags", M(N), "rules", L(O("port", N)), "name", S))
}
