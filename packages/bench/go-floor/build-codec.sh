#!/bin/sh
# Builds go-floor/codec (go-cty msgpack throughput on the bench's fixtures) offline with Debian's
# Go packages, in GOPATH mode: apt-get install golang-go golang-github-zclconf-go-cty-dev
# Output: go-floor/out/codec-bench. Exits 3 (and says which) when Go or go-cty is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/out"
command -v go >/dev/null 2>&1 || { echo "go-floor: \`go\` not found (apt-get install golang-go)" >&2; exit 3; }
[ -d /usr/share/gocode/src/github.com/zclconf/go-cty ] || {
  echo "go-floor: Go package github.com/zclconf/go-cty not in /usr/share/gocode (apt-get install golang-github-zclconf-go-cty-dev)" >&2
  exit 3
}
gopath="$out/gopath"
pkg="$gopath/src/tfkitbench/codec"
rm -rf "$pkg"
mkdir -p "$pkg"
cp "$here/codec/main.go" "$pkg/main.go"
cd "$pkg"
GO111MODULE=off GOPATH="$gopath:/usr/share/gocode" GOFLAGS= GOCACHE="$out/gocache" \
  go build -o "$out/codec-bench" .
echo "$out/codec-bench"
