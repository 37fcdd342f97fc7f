// The Go floor: a Terraform provider with no framework at all (go-plugin, tfplugin6 stubs
// generated from tfkit's own .proto, go-cty), serving the one resource the tfkit bench provider
// serves (src/fixtures/item-provider.ts). The bench compares tfkit against it: whatever a Go
// provider built on terraform-plugin-framework costs, it costs at least this.
//
// Built by build.sh (Debian's Go packages, GOPATH mode, offline).
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/hashicorp/go-plugin"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
	"google.golang.org/grpc"

	"tfkitbench/floor/tfplugin6"
)

const typeName = "bench_item"

// The resource: id computed, name required, size optional+computed (default 1), tags map,
// created_at computed.
var itemType = cty.Object(map[string]cty.Type{
	"id":         cty.String,
	"name":       cty.String,
	"size":       cty.Number,
	"tags":       cty.Map(cty.String),
	"created_at": cty.String,
})

func mustJSONType(t cty.Type) []byte {
	b, err := t.MarshalJSON()
	if err != nil {
		panic(err)
	}
	return b
}

var resourceSchema = &tfplugin6.Schema{
	Block: &tfplugin6.Schema_Block{
		Attributes: []*tfplugin6.Schema_Attribute{
			{Name: "created_at", Type: mustJSONType(cty.String), Computed: true},
			{Name: "id", Type: mustJSONType(cty.String), Computed: true},
			{Name: "name", Type: mustJSONType(cty.String), Required: true},
			{Name: "size", Type: mustJSONType(cty.Number), Optional: true, Computed: true},
			{Name: "tags", Type: mustJSONType(cty.Map(cty.String)), Optional: true},
		},
	},
}

type server struct {
	tfplugin6.UnimplementedProviderServer
	mu sync.Mutex
	// Objects kept in memory, as the tfkit provider keeps them.
	objects map[string]cty.Value
}

func errDiag(summary string, err error) []*tfplugin6.Diagnostic {
	return []*tfplugin6.Diagnostic{{Severity: tfplugin6.Diagnostic_ERROR, Summary: summary, Detail: err.Error()}}
}

func decode(dv *tfplugin6.DynamicValue) (cty.Value, error) {
	if dv == nil {
		return cty.NullVal(itemType), nil
	}
	if len(dv.Json) > 0 {
		return ctyjson.Unmarshal(dv.Json, itemType)
	}
	return ctymsgpack.Unmarshal(dv.Msgpack, itemType)
}

func encode(v cty.Value) (*tfplugin6.DynamicValue, error) {
	b, err := ctymsgpack.Marshal(v, itemType)
	if err != nil {
		return nil, err
	}
	return &tfplugin6.DynamicValue{Msgpack: b}, nil
}

func capabilities() *tfplugin6.ServerCapabilities {
	return &tfplugin6.ServerCapabilities{GetProviderSchemaOptional: true}
}

func (s *server) GetMetadata(context.Context, *tfplugin6.GetMetadata_Request) (*tfplugin6.GetMetadata_Response, error) {
	return &tfplugin6.GetMetadata_Response{
		ServerCapabilities: capabilities(),
		Resources:          []*tfplugin6.GetMetadata_ResourceMetadata{{TypeName: typeName}},
	}, nil
}

func (s *server) GetProviderSchema(context.Context, *tfplugin6.GetProviderSchema_Request) (*tfplugin6.GetProviderSchema_Response, error) {
	return &tfplugin6.GetProviderSchema_Response{
		Provider:           &tfplugin6.Schema{Block: &tfplugin6.Schema_Block{}},
		ResourceSchemas:    map[string]*tfplugin6.Schema{typeName: resourceSchema},
		ServerCapabilities: capabilities(),
	}, nil
}

func (s *server) ValidateProviderConfig(context.Context, *tfplugin6.ValidateProviderConfig_Request) (*tfplugin6.ValidateProviderConfig_Response, error) {
	return &tfplugin6.ValidateProviderConfig_Response{}, nil
}

func (s *server) ValidateResourceConfig(_ context.Context, req *tfplugin6.ValidateResourceConfig_Request) (*tfplugin6.ValidateResourceConfig_Response, error) {
	if _, err := decode(req.Config); err != nil {
		return &tfplugin6.ValidateResourceConfig_Response{Diagnostics: errDiag("invalid configuration", err)}, nil
	}
	return &tfplugin6.ValidateResourceConfig_Response{}, nil
}

func (s *server) ConfigureProvider(context.Context, *tfplugin6.ConfigureProvider_Request) (*tfplugin6.ConfigureProvider_Response, error) {
	return &tfplugin6.ConfigureProvider_Response{}, nil
}

func (s *server) UpgradeResourceState(_ context.Context, req *tfplugin6.UpgradeResourceState_Request) (*tfplugin6.UpgradeResourceState_Response, error) {
	v, err := ctyjson.Unmarshal(req.RawState.Json, itemType)
	if err != nil {
		return &tfplugin6.UpgradeResourceState_Response{Diagnostics: errDiag("cannot read stored state", err)}, nil
	}
	dv, err := encode(v)
	if err != nil {
		return &tfplugin6.UpgradeResourceState_Response{Diagnostics: errDiag("cannot encode state", err)}, nil
	}
	return &tfplugin6.UpgradeResourceState_Response{UpgradedState: dv}, nil
}

// ReadResource returns the state it was given (the object lives in memory; a new process has
// nothing newer), decoded and encoded as any provider does.
func (s *server) ReadResource(_ context.Context, req *tfplugin6.ReadResource_Request) (*tfplugin6.ReadResource_Response, error) {
	v, err := decode(req.CurrentState)
	if err != nil {
		return &tfplugin6.ReadResource_Response{Diagnostics: errDiag("cannot read state", err)}, nil
	}
	dv, err := encode(v)
	if err != nil {
		return &tfplugin6.ReadResource_Response{Diagnostics: errDiag("cannot encode state", err)}, nil
	}
	return &tfplugin6.ReadResource_Response{NewState: dv, Private: req.Private}, nil
}

func (s *server) PlanResourceChange(_ context.Context, req *tfplugin6.PlanResourceChange_Request) (*tfplugin6.PlanResourceChange_Response, error) {
	proposed, err := decode(req.ProposedNewState)
	if err != nil {
		return &tfplugin6.PlanResourceChange_Response{Diagnostics: errDiag("cannot read proposed state", err)}, nil
	}
	if proposed.IsNull() { // destroy
		return &tfplugin6.PlanResourceChange_Response{PlannedState: req.ProposedNewState}, nil
	}
	config, err := decode(req.Config)
	if err != nil {
		return &tfplugin6.PlanResourceChange_Response{Diagnostics: errDiag("cannot read configuration", err)}, nil
	}
	prior, err := decode(req.PriorState)
	if err != nil {
		return &tfplugin6.PlanResourceChange_Response{Diagnostics: errDiag("cannot read prior state", err)}, nil
	}
	attrs := proposed.AsValueMap()
	if config.GetAttr("size").IsNull() {
		attrs["size"] = cty.NumberIntVal(1) // the default
	}
	if prior.IsNull() {
		attrs["id"] = cty.UnknownVal(cty.String)
		attrs["created_at"] = cty.UnknownVal(cty.String)
	}
	dv, err := encode(cty.ObjectVal(attrs))
	if err != nil {
		return &tfplugin6.PlanResourceChange_Response{Diagnostics: errDiag("cannot encode plan", err)}, nil
	}
	return &tfplugin6.PlanResourceChange_Response{PlannedState: dv, PlannedPrivate: req.PriorPrivate}, nil
}

func (s *server) ApplyResourceChange(_ context.Context, req *tfplugin6.ApplyResourceChange_Request) (*tfplugin6.ApplyResourceChange_Response, error) {
	planned, err := decode(req.PlannedState)
	if err != nil {
		return &tfplugin6.ApplyResourceChange_Response{Diagnostics: errDiag("cannot read planned state", err)}, nil
	}
	if planned.IsNull() { // destroy
		prior, err := decode(req.PriorState)
		if err == nil && !prior.IsNull() {
			s.mu.Lock()
			delete(s.objects, prior.GetAttr("id").AsString())
			s.mu.Unlock()
		}
		return &tfplugin6.ApplyResourceChange_Response{NewState: req.PlannedState}, nil
	}
	attrs := planned.AsValueMap()
	if !attrs["id"].IsKnown() {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		attrs["id"] = cty.StringVal(hex.EncodeToString(b))
	}
	if !attrs["created_at"].IsKnown() {
		attrs["created_at"] = cty.StringVal(time.Now().UTC().Format(time.RFC3339))
	}
	obj := cty.ObjectVal(attrs)
	s.mu.Lock()
	s.objects[attrs["id"].AsString()] = obj
	s.mu.Unlock()
	dv, err := encode(obj)
	if err != nil {
		return &tfplugin6.ApplyResourceChange_Response{Diagnostics: errDiag("cannot encode new state", err)}, nil
	}
	return &tfplugin6.ApplyResourceChange_Response{NewState: dv, Private: req.PlannedPrivate}, nil
}

func (s *server) StopProvider(context.Context, *tfplugin6.StopProvider_Request) (*tfplugin6.StopProvider_Response, error) {
	return &tfplugin6.StopProvider_Response{}, nil
}

type providerPlugin struct {
	plugin.NetRPCUnsupportedPlugin
}

func (providerPlugin) GRPCServer(_ *plugin.GRPCBroker, g *grpc.Server) error {
	tfplugin6.RegisterProviderServer(g, &server{objects: map[string]cty.Value{}})
	return nil
}

func (providerPlugin) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (interface{}, error) {
	return nil, nil // a server only
}

func main() {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
			MagicCookieValue: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
		},
		VersionedPlugins: map[int]plugin.PluginSet{6: {"provider": providerPlugin{}}},
		GRPCServer:       plugin.DefaultGRPCServer,
	})
}
