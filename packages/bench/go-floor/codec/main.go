// Command codec measures go-cty's msgpack throughput on the bench's own fixtures, so that
// tfkit's decoder and encoder can be compared with go-cty in the same run.
//
//	codec -type type.json -in value.msgpack -op decode|encode -ms 1500 -batch 20
//
// It decodes (or, for encode, decodes once and then re-encodes) the value with go-cty's
// msgpack.Unmarshal/Marshal against the type given as go-cty type JSON, in batches for at least
// -ms milliseconds, and prints one line per batch: the process CPU time (user + system, every
// thread, the garbage collector's included) one operation took, in nanoseconds. CPU time, not
// wall time: the bench machine is shared, and the JS side is measured the same way.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "codec: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	typePath := flag.String("type", "", "go-cty type JSON file")
	inPath := flag.String("in", "", "msgpack file (go-cty's encoding of a value of that type)")
	op := flag.String("op", "decode", "decode or encode")
	ms := flag.Int("ms", 1500, "minimum measuring time in milliseconds")
	batch := flag.Int("batch", 1, "operations per printed sample")
	flag.Parse()

	typeJSON, err := os.ReadFile(*typePath)
	if err != nil {
		fail("%v", err)
	}
	var ty cty.Type
	if err := json.Unmarshal(typeJSON, &ty); err != nil {
		fail("type: %v", err)
	}
	in, err := os.ReadFile(*inPath)
	if err != nil {
		fail("%v", err)
	}
	v, err := ctymsgpack.Unmarshal(in, ty)
	if err != nil {
		fail("decode: %v", err)
	}
	// The fixture must round-trip to the same bytes, or the two sides would not do the same work.
	out, err := ctymsgpack.Marshal(v, ty)
	if err != nil {
		fail("encode: %v", err)
	}
	if !bytes.Equal(out, in) {
		fail("go-cty re-encodes the fixture differently (%d bytes against %d)", len(out), len(in))
	}

	var run func()
	switch *op {
	case "decode":
		run = func() {
			if _, err := ctymsgpack.Unmarshal(in, ty); err != nil {
				fail("decode: %v", err)
			}
		}
	case "encode":
		run = func() {
			if _, err := ctymsgpack.Marshal(v, ty); err != nil {
				fail("encode: %v", err)
			}
		}
	default:
		fail("unknown -op %q", *op)
	}
	// Warm-up, as the JS side gets one.
	for i := 0; i < *batch; i++ {
		run()
	}
	deadline := time.Now().Add(time.Duration(*ms) * time.Millisecond)
	for time.Now().Before(deadline) {
		start := cpuNanos()
		for i := 0; i < *batch; i++ {
			run()
		}
		fmt.Println((cpuNanos() - start) / int64(*batch))
	}
}

// cpuNanos is the process's CPU time so far (user + system, all threads).
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		fail("getrusage: %v", err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
