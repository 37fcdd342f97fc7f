// Command gen-vectors writes tfkit's conformance vectors (packages/conformance/vectors/*.jsonl)
// by running the real go-cty: every expectation not marked `"source":"spec"` is what go-cty
// itself produced. Where the go-cty available to the generator predates go-cty v1.18.1
// (refinements, number encoding, JSON escapes of newer Go), the expectation is taken from
// tfkit's spec instead and the vector says so. Run it through scripts/gen-vectors.sh.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
)

func main() {
	outDir := flag.String("out", "packages/conformance/vectors", "directory for the JSONL files")
	goCty := flag.String("go-cty", "unknown", "go-cty version the generator is built against")
	flag.Parse()

	genMsgpack()
	genJSON()
	genTypeJSON()
	genConvert()
	genUnify()
	genEquality()
	genSetOrder()
	genNumbers()
	genGoString()
	genTypeConformance()
	genRandom()

	header := obj{
		{"generator", "scripts/gen-vectors/main.go"},
		{"goCty", *goCty},
		{"go", runtime.Version()},
		{"reference", "go-cty v1.18.1 (vectors with \"source\":\"spec\" carry the spec's v1.18.1 expectation)"},
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := writeAll(*outDir, header); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
