package main

// Who is who on the benchmark's API server. The controller under test runs as a
// ServiceAccount of its own, as it would in a cluster, not as envtest's administrator
// (whose group, system:masters, API Priority and Fairness exempts from every limit): the
// guarded operator as the ServiceAccount its generated FlowSchema names
// (storm-system/storm-controller-manager), with its generated ClusterRole; the others
// as ServiceAccounts of their own bound to cluster-admin, which the default FlowSchema
// "service-accounts" puts in the workload-low priority level. The tenant is another
// ServiceAccount with its own namespace. The load writers, the creation of the objects
// and the benchmark's own reads stay the administrator's.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	authenticationv1 "k8s.io/api/authentication/v1"
	corev1 "k8s.io/api/core/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// account is a ServiceAccount the benchmark creates and authenticates as.
type account struct {
	Namespace, Name string
}

// user is the account's user name, as the API server's authenticator names it.
func (a account) user() string { return "system:serviceaccount:" + a.Namespace + ":" + a.Name }

// The generated FlowSchema's subject: <project>-controller-manager in <project>-system.
var guardedAccount = account{Namespace: "storm-system", Name: "storm-controller-manager"}

// tenantAccount is the second tenant's identity.
var tenantAccount = account{Namespace: "tenant", Name: "tenant"}

// accountOf is the ServiceAccount a controller runs as: the guarded operator's is the
// one its generated APF objects and RBAC are for; the peer's is the one kubebuilder's
// config/rbac names (memcached-operator-controller-manager in
// memcached-operator-system).
func accountOf(controller string) account {
	switch controller {
	case "guarded":
		return guardedAccount
	case peerController:
		return account{Namespace: "memcached-operator-system", Name: "memcached-operator-controller-manager"}
	default:
		return account{Namespace: controller + "-system", Name: controller + "-controller-manager"}
	}
}

// identities is what setupIdentities made: a rest.Config per account, and the UIDs of
// the FlowSchemas and priority levels, to name a response's classification.
type identities struct {
	operator, tenant *rest.Config
	flowSchemas      map[string]string // UID → name
	priorityLevels   map[string]string // UID → name
}

// setupIdentities applies the generated APF objects (unless apf is "none"; "tight"
// makes the generated priority level small and rejecting: see tighten), creates the controller's and the
// tenant's ServiceAccounts with their RBAC, and returns a rest.Config for each,
// authenticated by a token from the TokenRequest API. repo is opgen's repository,
// where the generated manifests are.
func setupIdentities(ctx context.Context, admin client.Client, cfg *rest.Config, repo, controller, apf string) (*identities, error) {
	if apf != "none" {
		var edit func(*unstructured.Unstructured)
		if apf == "tight" {
			edit = tighten
		}
		if err := applyManifest(ctx, admin, filepath.Join(repo, "bench", "storm", "config", "apf", "apf.yaml"), edit); err != nil {
			return nil, fmt.Errorf("applying the generated APF objects: %w", err)
		}
	}
	op := accountOf(controller)
	if controller == "guarded" {
		// The generated ClusterRole: the run fails if it lacks a permission the operator uses.
		if err := applyManifest(ctx, admin, filepath.Join(repo, "bench", "storm", "config", "rbac", "role.yaml"), nil); err != nil {
			return nil, fmt.Errorf("applying the generated RBAC: %w", err)
		}
		if err := bindCluster(ctx, admin, op, "manager-role"); err != nil {
			return nil, err
		}
	} else if err := bindCluster(ctx, admin, op, "cluster-admin"); err != nil {
		return nil, err
	}
	if err := createAccount(ctx, admin, tenantAccount); err != nil {
		return nil, err
	}
	role := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "tenant", Namespace: tenantAccount.Namespace},
		Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"secrets"}, Verbs: []string{"get", "list", "create", "update", "patch"}}}}
	binding := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: "tenant", Namespace: tenantAccount.Namespace},
		RoleRef:  rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "tenant"},
		Subjects: []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: tenantAccount.Name, Namespace: tenantAccount.Namespace}}}
	for _, o := range []client.Object{role, binding} {
		if err := admin.Create(ctx, o); err != nil {
			return nil, err
		}
	}
	ids := &identities{flowSchemas: map[string]string{}, priorityLevels: map[string]string{}}
	var err error
	if ids.operator, err = tokenConfig(ctx, admin, cfg, op); err != nil {
		return nil, err
	}
	if ids.tenant, err = tokenConfig(ctx, admin, cfg, tenantAccount); err != nil {
		return nil, err
	}
	var fs flowcontrolv1.FlowSchemaList
	if err := admin.List(ctx, &fs); err != nil {
		return nil, err
	}
	for _, f := range fs.Items {
		ids.flowSchemas[string(f.UID)] = f.Name
	}
	var pl flowcontrolv1.PriorityLevelConfigurationList
	if err := admin.List(ctx, &pl); err != nil {
		return nil, err
	}
	for _, p := range pl.Items {
		ids.priorityLevels[string(p.UID)] = p.Name
	}
	return ids, nil
}

// applyManifest creates every object of a multi-document YAML file, each first
// through edit when edit is not nil.
func applyManifest(ctx context.Context, c client.Client, name string, edit func(*unstructured.Unstructured)) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		u := &unstructured.Unstructured{}
		if err := dec.Decode(&u.Object); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if len(u.Object) == 0 {
			continue
		}
		if edit != nil {
			edit(u)
		}
		if err := c.Create(ctx, u); err != nil {
			return fmt.Errorf("%s: %s %s: %w", name, u.GetKind(), u.GetName(), err)
		}
	}
}

// createAccount creates a's namespace and ServiceAccount.
func createAccount(ctx context.Context, c client.Client, a account) error {
	for _, o := range []client.Object{
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: a.Namespace}},
		&corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: a.Name, Namespace: a.Namespace}},
	} {
		if err := c.Create(ctx, o); err != nil && !apierrors.IsAlreadyExists(err) {
			return err
		}
	}
	return nil
}

// bindCluster creates a's ServiceAccount and binds it to a ClusterRole.
func bindCluster(ctx context.Context, c client.Client, a account, role string) error {
	if err := createAccount(ctx, c, a); err != nil {
		return err
	}
	return c.Create(ctx, &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: a.Namespace + "-" + a.Name},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: a.Name, Namespace: a.Namespace}},
	})
}

// tokenConfig is cfg's server and CA with a's token instead of the administrator's
// client certificate.
func tokenConfig(ctx context.Context, c client.Client, cfg *rest.Config, a account) (*rest.Config, error) {
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: a.Name, Namespace: a.Namespace}}
	tr := &authenticationv1.TokenRequest{Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: ptr.To[int64](24 * 3600)}}
	if err := c.SubResource("token").Create(ctx, sa, tr); err != nil {
		return nil, fmt.Errorf("a token for %s: %w", a.user(), err)
	}
	return &rest.Config{Host: cfg.Host, TLSClientConfig: rest.TLSClientConfig{CAData: cfg.CAData, CAFile: cfg.CAFile},
		BearerToken: tr.Status.Token}, nil
}

// classification counts requests by the FlowSchema and priority level the API server
// put them in: API Priority and Fairness names both, by UID, in the response headers
// X-Kubernetes-PF-FlowSchema-UID and X-Kubernetes-PF-PriorityLevel-UID.
type classification struct {
	mu sync.Mutex
	n  map[string]int // "flowschema/prioritylevel" by UID until named
}

func (c *classification) add(flowSchemaUID, priorityLevelUID string) {
	key := flowSchemaUID + "/" + priorityLevelUID
	c.mu.Lock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[key]++
	c.mu.Unlock()
}

// named returns the counts keyed "flowschema → prioritylevel" by name ("none" for a
// response without the headers: a request APF did not handle, such as a watch's
// continuation).
// addResponse counts a response by its classification headers.
func (c *classification) addResponse(resp *http.Response) {
	if resp != nil {
		c.add(resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID), resp.Header.Get(flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID))
	}
}

func (c *classification) named(ids *identities) map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, n := range c.n {
		fs, pl, _ := strings.Cut(k, "/")
		out[nameOr(ids.flowSchemas, fs)+" → "+nameOr(ids.priorityLevels, pl)] += n
	}
	return out
}

func nameOr(names map[string]string, uid string) string {
	if uid == "" {
		return "none"
	}
	if n, ok := names[uid]; ok {
		return n
	}
	return uid
}

// tighten makes the generated priority level one that rejects: a single concurrency
// share, nothing lent or borrowed, no queue. On envtest's server (600 seats) that is 3
// seats, and an operator with more workers than that is answered 429 whenever more of
// its requests arrive at once: how the benchmark checks that the operator waits for
// the Retry-After of each, and still converges.
func tighten(u *unstructured.Unstructured) {
	if u.GetKind() != "PriorityLevelConfiguration" {
		return
	}
	_ = unstructured.SetNestedField(u.Object, map[string]any{
		"nominalConcurrencyShares": int64(1),
		"lendablePercent":          int64(0),
		"borrowingLimitPercent":    int64(0),
		"limitResponse":            map[string]any{"type": "Reject"},
	}, "spec", "limited")
}
