#!/bin/sh
# Builds the Go floor provider (main.go) offline with Debian's Go packages, in GOPATH mode:
#   apt-get install golang-go golang-github-hashicorp-go-plugin-dev golang-google-grpc-dev \
#     golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev protoc-gen-go \
#     protoc-gen-go-grpc protobuf-compiler golang-github-zclconf-go-cty-dev
# (golang-github-golang-protobuf-1-5-dev, not the default 1.3: grpc-go panics on APIv2 stubs with
# 1.3). The tfplugin6 stubs are generated from tfkit's own packages/grpc-transport/proto.
# Output: go-floor/out/terraform-provider-bench. Exits 3 (and says which) when a tool is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
proto=$(cd "$here/../../grpc-transport/proto" && pwd)
out="$here/out"
for tool in go protoc protoc-gen-go protoc-gen-go-grpc; do
  command -v "$tool" >/dev/null 2>&1 || { echo "go-floor: \`$tool\` not found (see build.sh for the Debian packages)" >&2; exit 3; }
done
for dir in github.com/hashicorp/go-plugin github.com/zclconf/go-cty google.golang.org/grpc google.golang.org/protobuf github.com/golang/protobuf; do
  [ -d "/usr/share/gocode/src/$dir" ] || { echo "go-floor: Go package $dir not in /usr/share/gocode (see build.sh for the Debian packages)" >&2; exit 3; }
done
gopath="$out/gopath"
pkg="$gopath/src/tfkitbench/floor"
rm -rf "$pkg"
mkdir -p "$pkg/tfplugin6"
cp "$here/main.go" "$pkg/main.go"
# The .proto has no go_package option: name the Go package on the command line (M flags).
protoc -I "$proto" -I /usr/include \
  --go_out="$pkg/tfplugin6" --go_opt=paths=source_relative --go_opt=Mtfplugin6.proto=tfkitbench/floor/tfplugin6 \
  --go-grpc_out="$pkg/tfplugin6" --go-grpc_opt=paths=source_relative --go-grpc_opt=Mtfplugin6.proto=tfkitbench/floor/tfplugin6 \
  "$proto/tfplugin6.proto"
cd "$pkg"
GO111MODULE=off GOPATH="$gopath:/usr/share/gocode" GOFLAGS= GOCACHE="$out/gocache" \
  go build -o "$out/terraform-provider-bench" .
echo "$out/terraform-provider-bench"
