// Package envtest_test runs the golden trees' generated code against a real
// kube-apiserver and etcd (controller-runtime's envtest; KUBEBUILDER_ASSETS from
// hack/envtest.sh). One API server serves every test of the package.
package envtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	everymarker "opgen.test/golden/every-marker/api/v1alpha1"
	multikind "opgen.test/golden/multi-kind/api/v1"
	owned "opgen.test/golden/owned/api/v1"
	richtypes "opgen.test/golden/rich-types/api/v1beta1"
)

var (
	cfg    *rest.Config
	scheme = runtime.NewScheme()
	k8s    client.Client
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		fmt.Fprintln(os.Stderr, "KUBEBUILDER_ASSETS is not set: export KUBEBUILDER_ASSETS=\"$(hack/envtest.sh | tail -n 1)\"")
		return 1
	}
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, richtypes.AddToScheme, multikind.AddToScheme, everymarker.AddToScheme, owned.AddToScheme} {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	env := &envtest.Environment{
		CRDDirectoryPaths: []string{
			filepath.Join("..", "rich-types", "config", "crd", "bases"),
			filepath.Join("..", "multi-kind", "config", "crd", "bases"),
			filepath.Join("..", "every-marker", "config", "crd", "bases"),
			filepath.Join("..", "owned", "config", "crd", "bases"),
		},
		ErrorIfCRDPathMissing: true,
		Scheme:                scheme,
	}
	// Hosts without a default route need both, or the apiserver cannot pick an address.
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none")
	var err error
	cfg, err = env.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting envtest:", err)
		return 1
	}
	defer func() {
		if err := env.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "stopping envtest:", err)
		}
	}()
	k8s, err = client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}
