package main

import (
	"encoding/json"
	"strconv"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestTenantPatchIsAWrite: every write of the tenant's stream is a Secret the API
// server accepts (its data base64), and each changes the value.
func TestTenantPatchIsAWrite(t *testing.T) {
	seen := map[string]bool{}
	for i := range 3000 {
		var s corev1.Secret
		if err := json.Unmarshal(tenantPatch(i), &s); err != nil {
			t.Fatalf("write %d: %s is no Secret: %v", i, tenantPatch(i), err)
		}
		v := string(s.Data["n"])
		if v != strconv.Itoa(i) || seen[v] {
			t.Fatalf("write %d sets n to %q", i, v)
		}
		seen[v] = true
	}
}
