// Package testdatadir lets an analyzer's tests tell the go command's test cache which
// files they depend on. analysistest loads its testdata through go list, a process of
// its own, whose reads the cache does not see: a changed testdata file would leave a
// cached pass in place until the test binary itself changed (a broken case in
// vet/testdata/src once passed so, from the cache, for a commit). Track reads every
// file under the directory from the test process, which the cache records and hashes.
package testdatadir
