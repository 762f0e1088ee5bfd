// Package envtestsuite generates, in an opgen project (one with opgen.yaml), the tests
// of the project's reconcilers, in the controller package:
//
//   - zz_generated.suite_test.go: TestMain starts a real kube-apiserver and etcd
//     (KUBEBUILDER_ASSETS, or the project's hack/envtest.sh), installs the generated
//     CRDs, and runs one manager with every generated reconciler, its requests counted
//     by a wrapping transport;
//   - zz_generated.<kind>_test.go, for each reconciler kind with
//     +opguard:observed-generation: Test<Kind>ConvergesAndRests creates the kind's sample
//     from config/samples, waits until status.observedGeneration == metadata.generation,
//     then holds a quiet window in which the manager must send zero writes and run zero
//     reconciles; and Test<Kind>CountsItsDecisions drives a second sample through
//     creation, three reconciles with nothing changed, a spec change (the first
//     integer field of spec, by one) and another field manager forcing a condition the
//     writer set, and checks after each step that the guards' counters, read from
//     controller-runtime's registry as the metrics endpoint serves them, rose by
//     exactly the expected amounts and by exactly the applies the manager sent (counted
//     per resource by the same transport), with no 409.
//   - test/deploy/zz_generated.deploy_test.go, when opgen wires the operator's main:
//     the operator as deployed, on an API server of its own. TestManifestsApply builds
//     config/default and config/apf with kustomize's Go API (what `make build-installer`
//     writes to dist/install.yaml, which must match when present) and applies every
//     object by Server-Side Apply; TestLeastPrivilege runs a manager with every
//     reconciler as the ServiceAccount the manager Deployment names (impersonated), with
//     leader election on and only the RBAC the manifests grant, drives each kind's
//     sample through creation, convergence and deletion, and fails on any 403; the
//     grants no request used are logged.
//
// The sample is the user's (config/samples/*.yaml, matched by apiVersion and kind), so
// the test keeps working as the spec grows validation. The package therefore cannot
// have a TestMain of its own; other tests of the package share the suite's API server
// through testConfig and testClient.
//
// Each reconciler of a kind the project does not define (+opguard:for) gets
// Test<Kind>ReconcilerIsGuarded in zz_generated.<kind>_test.go, over the helpers of
// zz_generated.external_test.go: its sample is created, its owned objects must appear
// with it as their controller, and then the manager must send no write and run no
// reconcile over a quiet window, and after updates it must not see (an unwatched label
// and annotation, the status); a change of an owned object the operator does not own
// is reconciled and not written, one deleted is applied again, and the object deleted
// goes. test/deploy's table holds these kinds beside the project's: TestLeastPrivilege
// creates each one's sample as well, waits for the condition the operator owns
// (+opguard:own-condition) or, without one, for its owned objects, and deletes it, so
// their RBAC is proven as the ServiceAccount too; no CRD of theirs is asked of the
// manifests (a project without a kind of its own has none, which TestManifestsApply
// then does not ask for). Where such a kind is
// another module's (+opguard:for-package), the suite, test/deploy and test/chart install
// naming.TestCRDDir, where the crd generator derives its CRD from the module's Go types:
// a cluster the operator runs in has that CRD from its own project, and these API
// servers get it the same way, never through the operator's manifests.
package envtestsuite
