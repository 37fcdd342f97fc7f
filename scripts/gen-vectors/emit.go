package main

// Output plumbing: ordered JSON objects, per-file sinks, value/type/error descriptions.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

// kv is one member of an ordered JSON object.
type kv struct {
	k string
	v interface{}
}

// obj is a JSON object that keeps its members in the order they were added,
// so every vector line starts with its name.
type obj []kv

func (o obj) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, err := marshalNoEscape(m.k)
		if err != nil {
			return nil, err
		}
		buf.Write(kb)
		buf.WriteByte(':')
		vb, err := marshalNoEscape(m.v)
		if err != nil {
			return nil, err
		}
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func (o obj) with(k string, v interface{}) obj {
	return append(o, kv{k, v})
}

func marshalNoEscape(v interface{}) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// sink collects the vectors of one JSONL file.
type sink struct {
	file  string
	names map[string]bool
	lines []obj
}

var sinks = map[string]*sink{}
var sinkOrder []string

func out(file string) *sink {
	s, ok := sinks[file]
	if !ok {
		s = &sink{file: file, names: map[string]bool{}}
		sinks[file] = s
		sinkOrder = append(sinkOrder, file)
	}
	return s
}

// add appends one vector; names must be unique within a file.
func (s *sink) add(name string, rest obj) {
	if s.names[name] {
		panic(fmt.Sprintf("%s: duplicate vector name %q", s.file, name))
	}
	s.names[name] = true
	s.lines = append(s.lines, append(obj{{"name", name}}, rest...))
}

func writeAll(dir string, header obj) error {
	for _, file := range sinkOrder {
		s := sinks[file]
		var buf bytes.Buffer
		h := append(obj{}, header...)
		h = h.with("file", file).with("count", len(s.lines))
		hb, err := marshalNoEscape(h)
		if err != nil {
			return err
		}
		buf.Write(hb)
		buf.WriteByte('\n')
		for _, line := range s.lines {
			lb, err := marshalNoEscape(line)
			if err != nil {
				return fmt.Errorf("%s %v: %w", file, line[0].v, err)
			}
			buf.Write(lb)
			buf.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, file+".jsonl"), buf.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%-10s %4d vectors\n", file, len(s.lines))
	}
	return nil
}

// typeJSON is go-cty's own type JSON, embedded as raw JSON.
func typeJSON(t cty.Type) json.RawMessage {
	b, err := t.MarshalJSON()
	if err != nil {
		panic(err)
	}
	return json.RawMessage(b)
}

// numDesc describes a number by its precision and canonical text: the shortest decimal that
// identifies the value at that precision, so parsing it back at that precision rebuilds it.
func numDesc(f *big.Float) obj {
	p := f.Prec()
	if f.IsInf() {
		if f.Sign() > 0 {
			return obj{{"p", p}, {"s", "+Inf"}}
		}
		return obj{{"p", p}, {"s", "-Inf"}}
	}
	switch p {
	case 53, 512:
	case 64:
		if !f.IsInt() {
			panic(fmt.Sprintf("64-bit non-integer %s cannot be described", f.Text('g', -1)))
		}
	default:
		panic(fmt.Sprintf("number %s has precision %d", f.Text('g', -1), p))
	}
	return obj{{"p", p}, {"s", f.Text('f', -1)}}
}

// desc describes a go-cty value in the vector format (see packages/conformance/README.md).
func desc(v cty.Value) obj {
	var marks []string
	if v.IsMarked() {
		uv, ms := v.Unmark()
		for m := range ms {
			marks = append(marks, fmt.Sprint(m))
		}
		sort.Strings(marks)
		v = uv
	}
	o := obj{{"t", typeJSON(v.Type())}}
	ty := v.Type()
	switch {
	case !v.IsKnown():
		o = o.with("unknown", true)
	case v.IsNull():
		o = o.with("null", true)
	case ty == cty.String:
		o = o.with("v", v.AsString())
	case ty == cty.Bool:
		o = o.with("v", v.True())
	case ty == cty.Number:
		o = o.with("v", numDesc(v.AsBigFloat()))
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		items := []obj{}
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			items = append(items, desc(ev))
		}
		o = o.with("v", items)
	case ty.IsMapType() || ty.IsObjectType():
		var keys []string
		vals := map[string]cty.Value{}
		if ty.IsMapType() {
			for it := v.ElementIterator(); it.Next(); {
				k, ev := it.Element()
				keys = append(keys, k.AsString())
				vals[k.AsString()] = ev
			}
		} else {
			for name := range ty.AttributeTypes() {
				keys = append(keys, name)
				vals[name] = v.GetAttr(name)
			}
		}
		sort.Strings(keys)
		m := obj{}
		for _, k := range keys {
			m = m.with(k, desc(vals[k]))
		}
		o = o.with("v", m)
	default:
		panic("cannot describe " + ty.FriendlyName())
	}
	if len(marks) > 0 {
		o = o.with("marks", marks)
	}
	return o
}

// unknownDesc describes a refined unknown (go-cty 1.12 has no refinements: spec vectors only).
func unknownDesc(t cty.Type, refine obj) obj {
	o := obj{{"t", typeJSON(t)}, {"unknown", true}}
	if refine != nil {
		o = o.with("refine", refine)
	}
	return o
}

// renderPath renders a cty.Path as Terraform's format.CtyPath does (spec §1.9).
func renderPath(p cty.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			k := s.Key
			switch {
			case !k.IsKnown():
				b.WriteString("[(not yet known)]")
			case k.IsNull():
				b.WriteString("[null]")
			case k.Type() == cty.String:
				b.WriteString("[" + strconv.Quote(k.AsString()) + "]")
			case k.Type() == cty.Number:
				b.WriteString("[" + k.AsBigFloat().Text('g', -1) + "]")
			default:
				b.WriteString("[...]")
			}
		}
	}
	return b.String()
}

// goLibraryText marks messages that embed text from Go's JSON or msgpack libraries, which a
// TypeScript implementation cannot reproduce word for word.
var goLibraryText = []string{"msgpack:", "invalid character", "EOF", "failed to read", "failed to decode",
	"json: ", "looking for beginning", "cannot unmarshal", "invalid code"}

func errDesc(err error) obj {
	msg := err.Error()
	path := ""
	if pe, ok := err.(cty.PathError); ok {
		path = renderPath(pe.Path)
	}
	exact := true
	for _, s := range goLibraryText {
		if strings.Contains(msg, s) {
			exact = false
		}
	}
	return obj{{"message", msg}, {"path", path}, {"exact", exact}}
}

// specErr is an error expectation taken from the spec; message nil means "any error".
func specErr(msg string, path string) obj {
	if msg == "" {
		return obj{{"message", nil}, {"path", path}, {"exact", false}}
	}
	return obj{{"message", msg}, {"path", path}, {"exact", true}}
}

// must runs f and turns a go-cty panic into a generator failure naming the vector.
func must(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			panic(fmt.Sprintf("vector %s: %v", name, r))
		}
	}()
	f()
}
