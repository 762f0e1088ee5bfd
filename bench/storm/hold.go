package main

import (
	"net/http"
	"strings"
	"time"
)

// holdAfter is an experiment, not the generated runtime: each request (watches and
// Lease requests aside) is held after its answer for factor times its latency before
// the caller gets it. Inside the generated in-flight bound of one, the operator then
// has a request at the server at most 1/(1+factor) of the time: a duty cycle that
// follows the server's speed, where a rate does not. It measures how much of the
// tenant's p99 is the operator's share of the server's time.
func holdAfter(factor float64) func(http.RoundTripper) http.RoundTripper {
	return func(rt http.RoundTripper) http.RoundTripper {
		return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
			if req.URL.Query().Get("watch") == "true" || strings.HasPrefix(req.URL.Path, "/apis/coordination.k8s.io/") {
				return rt.RoundTrip(req)
			}
			start := time.Now()
			resp, err := rt.RoundTrip(req)
			time.Sleep(time.Duration(factor * float64(time.Since(start))))
			return resp, err
		})
	}
}
