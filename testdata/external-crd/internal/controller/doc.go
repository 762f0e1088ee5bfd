// Package controller reconciles another project's Certificates. Its package clause
// carries the operator's client policy, as an API package's would: the project defines
// no API package of its own to put it on.
//
// +opguard:client:qps=20,burst=40
package controller
