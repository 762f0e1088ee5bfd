package artifact

import "testing"

func TestRoleName(t *testing.T) {
	for _, c := range []struct {
		name, content, want string
	}{
		{"kubebuilder", "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\nrules:\n- apiGroups:\n  - \"\"\n  resources:\n  - pods\n  verbs:\n  - get\n", "manager-role"},
		{"another name, a Role per namespace", "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: keda-operator\nrules: []\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: keda-operator\n  namespace: keda\nrules: []\n", "keda-operator"},
		{"a license above it", "# Copyright the authors.\n#\n# Licensed under MPL 2.0.\n\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: op-role\nrules: []\n", "op-role"},
		{"kubebuilder's scaffold, labels and all", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  labels:\n    app.kubernetes.io/name: op\n  name: manager-role\nrules: []\n", "manager-role"},
		{"labels: written by hand", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: mine\n  labels:\n    a: b\nrules: []\n", ""},
		{"a binding beside it", "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: r\nrules: []\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: r\n", ""},
		{"two names", "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: a\nrules: []\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: b\n  namespace: x\nrules: []\n", ""},
		{"not YAML of a role", "kind: ConfigMap\n", ""},
	} {
		if got := RoleName([]byte(c.content)); got != c.want {
			t.Errorf("%s: RoleName = %q, want %q", c.name, got, c.want)
		}
	}
}
