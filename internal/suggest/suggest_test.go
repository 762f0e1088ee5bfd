package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"status-owner", "observed-generation", "reconciler", "owns", "watch-labels", "watch-annotations", "finalizer", "volatile", "client"}
	for in, want := range map[string]string{
		"status-ownr": "status-owner", "status_owner": "status-owner", "Volatile": "volatile",
		"owner": "owns", "watch-label": "watch-labels", "reconcile": "reconciler",
		"xyz": "", "observed": "observed-generation", "generation": "", "": "",
		"maxConcurent": "", "statusupdate": "", "Finaliser": "finalizer",
	} {
		if got := Closest(in, names); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
}
